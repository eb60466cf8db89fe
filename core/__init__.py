"""What every app uses and no app owns: service errors and their messages, reading numbers from
requests, safe CSV, the admin's service-backed base classes, and the web views' helpers.

``core`` imports no app of the project (a test reads the imports): the apps build on it, in the
order ``core`` <- ``clubs`` <- ``tournaments`` <- ``results`` <- ``api`` (docs/architecture.md).
"""
