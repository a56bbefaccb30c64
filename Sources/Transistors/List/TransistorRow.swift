import ListorKit

/// One row of the transistor list, formatted for display.
public struct TransistorRow: Sendable, Hashable {
    public let partNumber: String
    public let family: String
    public let doping: String
    public let maxVoltage: String
    public let maxCurrent: String
    public let package: String
    public let use: String
}
