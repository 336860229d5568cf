"""Drawings of the rules core's objects: cards, positions and moves as SVG and HTML
(`render`), with their stylesheet (`table.css`). Imports the core; the core imports it only
inside its `_repr_html_` hooks, when a notebook shows one of its objects."""
