import Foundation
import ListorKit

/// A transistor package by its common name: any name is accepted, known ones are recognised
/// and their aliases normalised ("TO92" → "TO-92", "SOT23-3" → "SOT-23", "TO-252" → "DPAK").
public struct Package: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let name: String
    /// Whether the name is one Listor knows (it may still be right if not).
    public let isKnown: Bool

    public init(_ text: String) {
        let trimmed = text.trimmed()
        if let canonical = Package.exactNames[trimmed] ?? Package.canonicalNames[Package.lookupKey(trimmed)] {
            name = canonical
            isKnown = true
        } else {
            name = trimmed
            isKnown = false
        }
    }

    public var description: String { name }

    /// What a source that names no package gives (a SPICE model); a merged source's package
    /// takes its place.
    public static let unknown = Package("unknown")

    /// Packages made to be bolted to a heat sink or soldered to copper for power: TO-126 and
    /// larger, DPAK and D2PAK, SOT-223. A part in one is not offered for a small-signal part's
    /// place unless asked for.
    public var isPower: Bool {
        ["TO-126", "TO-202", "TO-220", "TO-220F", "TO-247", "TO-264", "TO-3", "TO-251", "DPAK", "D2PAK", "SOT-223", "PowerPAK SO-8"].contains(name)
    }

    public static func < (lhs: Package, rhs: Package) -> Bool {
        NaturalSortKey(lhs.name) < NaturalSortKey(rhs.name)
    }

    /// Letters and digits only, upper-cased: "to-92", "TO 92" and "TO92" meet at "TO92".
    static func lookupKey(_ text: String) -> String {
        String(text.uppercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }

    /// Known packages and the other names they go by.
    static let known: [(name: String, aliases: [String])] = [
        ("TO-92", ["TO-226", "TO-226AA", "TO-92-3", "SOT-54"]),
        ("TO-18", ["TO-206AA"]),
        ("TO-39", ["TO-205AD"]),
        ("TO-5", []),
        ("TO-72", []),
        ("TO-126", ["SOT-32", "TO-225", "TO-225AA"]),
        ("TO-202", []),
        ("TO-220", ["TO-220AB", "TO-220-3", "SOT-78"]),
        ("TO-220F", ["TO-220FP", "TO-220FULLPAK", "TO-220ISO"]),
        ("TO-247", ["TO-247AC", "TO-247-3", "TO-3P", "TO-3PN", "SOT-93", "TO-218"]),
        ("TO-264", ["TO-264AA", "TO-3PL"]),
        ("TO-3", ["TO-204", "TO-204AA", "TO-204AE"]),
        ("TO-251", ["IPAK", "I-PAK"]),
        ("DPAK", ["TO-252", "TO-252AA", "D-PAK", "SC-63"]),
        ("D2PAK", ["TO-263", "TO-263AB", "D²PAK", "D2-PAK", "DDPAK"]),
        ("SOT-23", ["SOT23-3", "TO-236", "TO-236AB", "SC-59"]),
        ("SOT-223", ["SOT-223-4", "TO-261", "SC-73"]),
        ("SOT-89", ["SOT-89-3", "SC-62", "TO-243"]),
        ("SOT-323", ["SC-70", "SC-70-3"]),
        ("SOT-363", ["SC-88", "SC-70-6"]),
        ("SOT-523", ["SC-89"]),
        ("SO-8", ["SOIC-8", "SOIC8", "SOP-8", "SO8"]),
        ("TSOP-6", ["TSOP6", "SOT-23-6", "SOT-457"]),
        ("PowerPAK SO-8", ["PPAK SO-8"]),
        ("DFN-8", ["DFN8", "PDFN-8"]),
    ]

    /// Names exactly as listed, so that the common case costs one hash lookup.
    static let exactNames: [String: String] = {
        var names: [String: String] = [:]
        for (name, aliases) in known {
            for spelling in [name] + aliases { names[spelling] = name }
        }
        return names
    }()

    static let canonicalNames: [String: String] = {
        var names: [String: String] = [:]
        for (name, aliases) in known {
            for spelling in [name] + aliases { names[lookupKey(spelling)] = name }
        }
        return names
    }()
}
