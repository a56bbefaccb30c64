import Foundation
import ListorKit

/// What can replace one part: the list a detail page shows under "Substitutes", `listor
/// transistors substitutes` prints and the API returns.
public struct SubstitutesViewModel: Sendable {
    /// One substitute as the views show it.
    public struct Row: Sendable, Hashable {
        public let partNumber: String
        /// How it fits the board: "drop-in", "pinout unknown", "pins differ", "package differs".
        public let placement: String
        /// Whether it gives every figure the original gives.
        public let isVerified: Bool
        /// What the views show: the placement, after "unverified, " for a part not shown to fit.
        public let fit: String
        public let isDropIn: Bool
        public let maxVoltage: String
        public let maxCurrent: String
        public let package: String
        public let pinout: String
        public let reasons: [String]
        public let warnings: [String]
        /// What to check, in a few words: "not given: hFE min, fT", or "meets every figure".
        public let note: String
    }

    public let original: String
    /// The best `limit` substitutes, best first.
    public let substitutes: [Substitute]
    public let rows: [Row]
    /// How many there are in all, beyond the ones kept.
    public let totalCount: Int
    /// How many of them give every figure the original gives.
    public let verifiedCount: Int
    public let samePinoutOnly: Bool
    public let allowsPowerPackages: Bool

    public static let defaultLimit = 20
    public static let maximumLimit = 200

    /// The substitutes for `original` among `candidates`; `samePinoutOnly` keeps the drop-in ones,
    /// `allowsPowerPackages` offers parts in power packages for a small-signal part too.
    public init(original: any Transistor, candidates: [any Transistor], samePinoutOnly: Bool = false, allowsPowerPackages: Bool = false,
                limit: Int = defaultLimit) {
        let found = SubstituteFinder(samePinoutOnly: samePinoutOnly, allowsPowerPackages: allowsPowerPackages)
            .best(for: original, among: candidates, limit: max(0, min(limit, Self.maximumLimit)))
        self.original = original.partNumber
        self.samePinoutOnly = samePinoutOnly
        self.allowsPowerPackages = allowsPowerPackages
        substitutes = found.substitutes
        totalCount = found.total
        verifiedCount = found.verified
        rows = substitutes.map { substitute in
            let part = substitute.transistor
            let placement = Self.label(substitute.fit)
            return Row(partNumber: part.partNumber, placement: placement, isVerified: substitute.isVerified,
                       fit: substitute.isVerified ? placement : "unverified, " + placement, isDropIn: substitute.fit == .dropIn && substitute.isVerified,
                       maxVoltage: Quantity.text(part.ratings.maxVoltage, .volt),
                       maxCurrent: Quantity.text(part.ratings.maxCurrent, .ampere),
                       package: part.package.name, pinout: part.datasheet.pinout?.description ?? "",
                       reasons: substitute.reasons, warnings: substitute.warnings,
                       note: substitute.notGiven.isEmpty ? "meets every figure" : "not given: " + substitute.notGiven.joined(separator: ", "))
        }
    }

    /// "3 substitutes for BC547", "the best 20 of 57 substitutes for BC547", or why there are
    /// none; and how many of them are unverified.
    public var summary: String {
        let count: String = switch (totalCount, substitutes.count) {
        case (0, _) where samePinoutOnly:
            "No part in the same package with the same pins can replace \(original); without that condition there may be some."
        case (0, _): "No part in the catalog can replace \(original): none of its family, polarity and kind has ratings and figures at least as good."
        case (1, _): "1 substitute for \(original)"
        case let (total, shown) where shown < total: "The best \(shown) of \(total) substitutes for \(original)"
        case let (total, _): "\(total) substitutes for \(original)"
        }
        let unverified = totalCount - verifiedCount
        guard unverified > 0 else { return count }
        return count + (verifiedCount == 0 ? ", none of them verified" : ", \(unverified) of them unverified")
    }

    public static func label(_ fit: Substitute.Fit) -> String {
        switch fit {
        case .dropIn: "drop-in"
        case .pinoutUnknown: "pinout unknown"
        case .pinsDiffer: "pins differ"
        case .packageDiffers: "package differs"
        }
    }
}
