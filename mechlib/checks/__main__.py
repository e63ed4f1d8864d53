"""``python -m mechlib.checks generate [book/<chapter>.md ...] [--output DIR]``."""

from mechlib.exercises import main

if __name__ == "__main__":
    main()
