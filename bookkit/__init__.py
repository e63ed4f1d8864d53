"""The tooling that builds the book, kept out of the readers' package.

Each module is a command, ``python -m bookkit.<module>``, run from the
repository (``scripts/setup.sh`` puts the repository on the build
environment's path; readers install only :mod:`mechlib`, whose wheel holds
none of this):

``chapters``
    the chapters as the tooling reads them: MyST parser, worked solutions,
    answer cells;
``notebooks``, ``executions``
    running a notebook (nbclient), counted in the execution log;
``site``
    building the book and reading its log;
``generate_checks``
    the stored checks (``mechlib/book/checks``) and worked expressions
    (``grading/worked``) from the worked solutions;
``in_page``
    what each answer box of a page runs in the page's own Python;
``downloads``, ``markdown_writer``, ``launch``
    the notebooks readers download or launch;
``student_edition``, ``autograder``, ``grade``, ``handouts``
    the course kit.

Nothing is imported here: each module is imported where it is used.
"""
