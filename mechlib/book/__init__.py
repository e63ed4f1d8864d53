"""What the book's chapters call, kept apart from the dynamics of :mod:`mechlib`.

``mechlib.book.display``
    partial-velocity tables, tidied expressions, animations that play
    without a kernel (``ml.display``);
``mechlib.book.explorer``
    explorers: sliders over precomputed pictures, live in a kernel;
``mechlib.book.drawing``
    the drawing helpers and colours of the book's figures and plots;
``mechlib.book.check``
    ``check(name, answer)`` (``ml.check``), with ``answers`` and ``record``
    and the stored checks in ``mechlib/book/checks``; ``grading`` judges an
    answer the same way in the autograder's separate grading process;
``mechlib.book.slicing``
    the cells an exercise needs, for the page's own Python;
``mechlib.book.patched``
    the version guard of every patch of another project's internals.

The tooling that builds the book (the site, the student edition, the
autograder, the handouts, the stored checks) is the package ``bookkit`` at the
top of the repository; readers never install it.

Nothing is imported here: each module is imported where it is used.
"""
