import Foundation
import ListorKit

/// Sort orders; a leading "-" means highest first, as in JSON:API and Django.
public enum TransistorSort: String, Sendable, Hashable, CaseIterable {
    case partNumber = "part"
    case partNumberDescending = "-part"
    case voltage = "voltage"
    case voltageDescending = "-voltage"
    case current = "current"
    case currentDescending = "-current"

    public var label: String {
        switch self {
        case .partNumber: "Part number (A–Z)"
        case .partNumberDescending: "Part number (Z–A)"
        case .voltage: "Voltage (lowest first)"
        case .voltageDescending: "Voltage (highest first)"
        case .current: "Current (lowest first)"
        case .currentDescending: "Current (highest first)"
        }
    }
}
