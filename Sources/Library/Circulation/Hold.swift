import Foundation
import Tagged

/// A patron's place in a book's queue. Holds are served first come, first served: when the
/// book comes back it is set aside for the first one (`ready`), who has until `expires` to
/// collect it; a hold that expires or is cancelled passes the book to the next.
public struct Hold: Sendable, Hashable, Identifiable {
    public typealias ID = Tagged<Hold, Int64>

    public enum State: String, Sendable, CaseIterable {
        /// In the queue.
        case waiting
        /// The book is set aside for the patron until `expires`.
        case ready
        /// The patron took the book out.
        case collected
        case cancelled
        /// Not collected in time.
        case expired

        /// Whether the hold is still in the queue.
        public var isActive: Bool { self == .waiting || self == .ready }
    }

    public var id: ID
    public var bookID: Book.ID
    public var patronID: Patron.ID
    /// The patron's name, as the store reads it with the hold.
    public var patronName: String
    /// When the hold was placed: its place in the queue, with ties broken by id.
    public var placed: Date
    public var state: State
    /// When the book was set aside for the patron.
    public var readyAt: Date?
    /// Until when it stays set aside.
    public var expires: Date?
    /// When it left the queue: collected, cancelled or expired.
    public var ended: Date?

    public init(id: ID, bookID: Book.ID, patronID: Patron.ID, patronName: String, placed: Date, state: State = .waiting, readyAt: Date? = nil, expires: Date? = nil,
                ended: Date? = nil) {
        self.id = id
        self.bookID = bookID
        self.patronID = patronID
        self.patronName = patronName
        self.placed = placed
        self.state = state
        self.readyAt = readyAt
        self.expires = expires
        self.ended = ended
    }
}
