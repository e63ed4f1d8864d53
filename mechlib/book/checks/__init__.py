"""The stored checks of the self-checking exercises, one JSON file per chapter.

``python -m bookkit.generate_checks [book/<chapter>.md ...]`` executes the
chapters and writes ``<chapter>.json`` here from their worked solutions (see
:mod:`bookkit.generate_checks`). Do not edit the files by hand.
"""
