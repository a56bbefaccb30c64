import Foundation
import ListorKit

/// A part that can replace another, with why it can and what to check before fitting it.
public struct Substitute: Sendable {
    /// How well it fits the original's place on the board, best first.
    public enum Fit: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// The same package with the same pins: it drops in.
        case dropIn
        /// The same package, a pinout not given for one of the two.
        case pinoutUnknown
        /// The same package with the pins in another order: it fits turned or with its legs bent.
        case pinsDiffer
        /// Another package: a different footprint.
        case packageDiffers

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let transistor: any Transistor
    public let fit: Fit
    /// False when a figure the original gives is not given: it may fit, but nothing here shows
    /// that it does, so it comes after every part that is shown to.
    public let isVerified: Bool
    /// How far its figures are from the original's, 0 for the same; it orders parts of one fit.
    public let distance: Double
    /// Each figure that meets the original's: "VCEO 65 V ≥ 45 V".
    public let reasons: [String]
    /// What to check: "pins differ: CBE vs EBC", "package differs: TO-92 vs TO-18", a figure not given.
    public let warnings: [String]
    /// The figures the original gives and it does not: "hFE min", "Ptot".
    public let notGiven: [String]
}
