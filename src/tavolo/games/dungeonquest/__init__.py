"""DungeonQuest (Games Workshop, 1987): tile-laying dungeon crawl against the sunset.

Step 1 is the content as validated data: the dice notation (``dice.py``), the effect
language (``effects.py``), the switchable decisions (``options.py``), the schema, the
loader, tile and board geometry with a placement check, and EN/IT text. The rules engine
and registration come later; this package registers no game yet.
"""
