import Foundation
import ListorKit

/// A sort order: by part number, or by any figure the list can filter on (the ratings, Ptot,
/// hFE, fT, Rds(on), Vgs(th), Idss, Vgs(off)); lowest first, or highest first with a leading
/// "-", as in JSON:API and Django. Parts whose datasheet does not give the figure come last
/// either way, and equal figures keep part-number order. A figure given as a range sorts by
/// its low end.
public struct TransistorSort: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        case partNumber
        case figure(TransistorParameter)
    }

    public let key: Key
    public let descending: Bool

    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    public static let partNumber = TransistorSort(.partNumber)

    /// `part`, `-voltage`, `rds`, `-hfe`, `ptot`: "part" or any name of a figure the query
    /// language takes, in any case.
    public init?(_ text: String) {
        let descending = text.hasPrefix("-")
        let name = String(descending ? text.dropFirst() : text[...]).lowercased()
        if name == "part" {
            self.init(.partNumber, descending: descending)
        } else if let parameter = TransistorParameter(rawValue: name) ?? TransistorParameter.named(name) {
            self.init(.figure(parameter), descending: descending)
        } else {
            return nil
        }
    }

    /// What the address and `--sort` write: "part", "-voltage", "rds".
    public var rawValue: String {
        let name = switch key {
        case .partNumber: "part"
        case .figure(let parameter): parameter.rawValue
        }
        return (descending ? "-" : "") + name
    }

    public var label: String {
        switch key {
        case .partNumber: descending ? "Part number (Z–A)" : "Part number (A–Z)"
        case .figure(let parameter):
            "\(Self.name(parameter)) (\(descending ? "highest" : "lowest") first)"
        }
    }

    private static func name(_ parameter: TransistorParameter) -> String {
        switch parameter {
        case .voltage: "Voltage"
        case .current: "Current"
        case .power: "Power (Ptot)"
        default: parameter.label
        }
    }

    /// Every order: the part number, then each figure, each way.
    public static let allCases: [TransistorSort] = [Key.partNumber].flatMap { [TransistorSort($0), TransistorSort($0, descending: true)] }
        + TransistorParameter.allCases.flatMap { [TransistorSort(.figure($0)), TransistorSort(.figure($0), descending: true)] }
}
