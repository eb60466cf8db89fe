"""The room's screen: an event's standings, the current round's tables, the round's timer and
the door's QR code, on a projector."""
