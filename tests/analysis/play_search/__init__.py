"""The search of the play's modules (trainer.analysis.play_search), a file each."""
