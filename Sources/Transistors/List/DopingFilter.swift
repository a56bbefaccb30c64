import Foundation
import ListorKit

/// A doping to filter by: one family's ("NPN"), or a polarity across families ("n": NPN, NMOS,
/// N-channel JFETs). "N-channel" and "P-channel" are how datasheets and distributors write the
/// polarity of MOSFETs and JFETs alike, so they name both.
public enum DopingFilter: String, Sendable, Hashable, CaseIterable {
    case npn = "NPN", pnp = "PNP", nmos = "NMOS", pmos = "PMOS"
    case nChannel = "N-channel", pChannel = "P-channel"
    case nType = "n", pType = "p"

    public init?(_ text: String) {
        let folded = text.lowercased().replacingOccurrences(of: " ", with: "-")
        switch folded {
        case "n-ch", "nch": self = .nChannel
        case "p-ch", "pch": self = .pChannel
        default:
            guard let match = DopingFilter.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
            self = match
        }
    }

    /// The families this doping applies to.
    public var families: [TransistorFamily] {
        switch self {
        case .npn, .pnp: [.bjt]
        case .nmos, .pmos: [.mosfet]
        case .nChannel, .pChannel: [.mosfet, .jfet]
        case .nType, .pType: TransistorFamily.allCases
        }
    }

    /// The one family this doping belongs to, or nil when it applies to more.
    public var family: TransistorFamily? {
        families.count == 1 ? families[0] : nil
    }

    public func includes(_ transistor: any Transistor) -> Bool {
        families.contains(transistor.family) && transistor.isNType == isNType
    }

    var isNType: Bool {
        switch self {
        case .npn, .nmos, .nChannel, .nType: true
        case .pnp, .pmos, .pChannel, .pType: false
        }
    }
}
