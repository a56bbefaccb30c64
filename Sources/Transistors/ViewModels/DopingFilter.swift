import Foundation
import ListorKit

/// A doping to filter by: one family's ("NPN"), or a polarity across families ("n": NPN, NMOS, N-channel).
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

    /// The family this doping belongs to, or nil for a polarity.
    public var family: TransistorFamily? {
        switch self {
        case .npn, .pnp: .bjt
        case .nmos, .pmos: .mosfet
        case .nChannel, .pChannel: .jfet
        case .nType, .pType: nil
        }
    }

    public func includes(_ transistor: any Transistor) -> Bool {
        if let family, transistor.family != family { return false }
        return transistor.isNType == isNType
    }

    private var isNType: Bool {
        switch self {
        case .npn, .nmos, .nChannel, .nType: true
        case .pnp, .pmos, .pChannel, .pType: false
        }
    }
}
