import Foundation

/// Which register of a 32-bit value comes first.
public enum WordOrder: String, Sendable, CaseIterable {
    /// Low word first ("CDAB"): the TUF-2000M, and mbpoll's default for floats.
    case lowWordFirst = "CDAB"
    /// High word first ("ABCD"), big-endian throughout.
    case highWordFirst = "ABCD"
}
