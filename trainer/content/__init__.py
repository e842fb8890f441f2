"""Content as validated data: lessons (``lessons/*.yaml``) and drills (``drills/*.yaml``).

Each loader validates a file once, into frozen objects, and reports every problem as a
:class:`~.files.ContentProblem` naming the file, the item and the field. Where each part
lives: the files read safely, and where the course is (:mod:`.files`); the drill catalogue
(:mod:`.catalog`); the lessons (:mod:`.lessons`); the glossary (:mod:`.glossary`); the
scoring chart (:mod:`.chart`); the words checked for a beginner (:mod:`.wording`); the
whole course checked (:mod:`.validate`).
"""
