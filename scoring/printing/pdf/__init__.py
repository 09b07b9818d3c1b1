"""Printed sheets, drawn with reportlab from the same views the pages use."""
