"""The event's door: players check themselves in (``services``), the door's writes counted per
phone and address (``limits``), the phone's door id (``device``), and the door's pages."""
