"""The write side: load from the ORM, call the engine, save in one transaction."""
