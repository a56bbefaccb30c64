import Mustache

/// A value a compiled template inserts per request: text it escapes, or markup it copies.
enum Slot: Sendable {
    case text(String)
    case html(HTMLFragment)
}
