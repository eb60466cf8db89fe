"""The organizer's page of an event's teams."""
