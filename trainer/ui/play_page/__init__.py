"""The Play page's parts, one job each (the page script, ``ui/views/play.py``, calls them).

* :mod:`.state`: the page's one typed object in the session
  (:class:`~trainer.ui.play_saves.PlayState`), the game on it, and the player's table
  settings (the show's pace, the sounds, the meter).
* :mod:`.saving`: saving the game after a move, a save refused (the game moved on
  elsewhere) or failed, and whose game the page shows.
* :mod:`.new_game`: before a game: the settings of a new one, and a game read from a record.
* :mod:`.first_games`: the ladder of first games, the game the end of a lesson offers, and
  the next first game after one.
* :mod:`.unfinished`: the list of unfinished games (resume one, or resign it).
* :mod:`.layout`: the table's frame: its styles, the header, the notes, the board and
  the log, where the hand goes.
* :mod:`.taps`: the cards offered to tap, and their taps taken before anything is drawn.
* :mod:`.throw`: the cut for deal, the throw to the crib (with the coach's hint), the cut
  for the starter.
* :mod:`.lay`: the play: the felt, the pile and the hand to lay from.
* :mod:`.count`: the person's count of a hand (typed, or tapped combination by
  combination), graded and recorded.
* :mod:`.show`: a hand shown: its combinations one by one, or at once, and what it made.
* :mod:`.results`: the end of a game: who won, the scores, the win line (followed as the
  game is played), the record.
* :mod:`.menu`: the game menu (the record, the switches, pause, a new game or resign).
* :mod:`.cues`: the sounds of a step.
* :mod:`.screen`: the table, one step of the game, as a fragment.
"""
