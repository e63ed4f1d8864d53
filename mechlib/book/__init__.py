"""The book's tooling, kept apart from the dynamics of :mod:`mechlib`.

What a reader's notebook uses:

``mechlib.book.display``
    partial-velocity tables, tidied expressions, animations that play
    without a kernel (``ml.display``);
``mechlib.book.explorer``
    explorers: sliders over precomputed pictures, live in a kernel;
``mechlib.book.drawing``
    the drawing helpers and colours of the book's figures and plots;
``mechlib.book.check``
    ``check(name, answer)`` (``ml.check``), with ``answers`` and ``record``
    and the stored checks in ``mechlib/book/checks``.

What builds the book (run from the repository; each is a command,
``python -m mechlib.book.<module>``):

``chapters``
    the chapters as the tooling reads them: MyST parser, worked solutions,
    answer cells;
``notebooks``
    running a notebook (nbclient), counted in the execution log;
``site``
    building the book and reading its log;
``generate_checks``
    the stored checks from the worked solutions
    (``python -m mechlib.book.checks generate``);
``student_edition``, ``autograder``, ``handouts``
    the course kit.

Nothing is imported here: each module is imported where it is used.
"""
