"""Forms for the secretary's work, one module per purpose: a hand and its penalties, a rubber, an event, the
club's settings and a player. Each validates on the server and names the field at fault."""
