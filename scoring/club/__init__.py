"""The club's pages: the home page, events, players, and a rubber with its hands, penalties and seats."""
