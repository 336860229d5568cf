"""Ways of serving the lessons: the `cassino-learn` command line and the Voila web app."""
