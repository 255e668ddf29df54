"""The game that plays a variant by its rules (see ``designer.game.game``)."""
