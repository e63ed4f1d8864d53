"""``python -m mechlib.book.checks generate [book/<chapter>.md ...] [--output DIR]``."""

from mechlib.book.generate_checks import main

if __name__ == "__main__":
    main()
