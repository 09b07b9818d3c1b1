"""Rulings on the site: the adjudication wizard, a ruling's page and withdrawal, and the laws page.

The laws themselves (the rulings table and how it is read) are in `scoring.engine.rulings`.
"""
