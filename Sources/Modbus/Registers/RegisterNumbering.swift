import Foundation
import ListorKit

/// How a map numbers registers: from 1, as the TUF-2000M manual, the seed and mbpoll do, or
/// from 0, as the protocol's addresses do.
public enum RegisterNumbering: String, Sendable {
    case oneBased = "1-based"
    case zeroBased = "0-based"

    var first: Int { self == .oneBased ? 1 : 0 }
}

extension RegisterNumbering: CaseIterable {}
