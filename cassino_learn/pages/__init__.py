"""What a notebook page calls: a lesson's header and footer, the contents page, the class's
pages. Sits above ui/ (it composes widgets) and holds no rule."""
