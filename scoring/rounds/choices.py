"""What the secretary says of a progressive table that never reported, as its round closes (else its totals are
entered first): it did not play, and its players score the round as the event scores a bye, or nothing."""

UNPLAYED_BYE, UNPLAYED_NOTHING = "bye", "nothing"
UNPLAYED_CHOICES = [
    (UNPLAYED_BYE, "It did not play: its players score the round as the event scores a bye"),
    (UNPLAYED_NOTHING, "It did not play: its players score nothing for the round"),
]
