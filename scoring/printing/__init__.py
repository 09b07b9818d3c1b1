"""Printed sheets: `sheets` gathers each document's plain data, `pdf` draws it, `views` serves it."""
