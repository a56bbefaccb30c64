import Foundation

// The transistor model, kept in one file as seed 000 argues: the protocol, the three
// concrete families and their doping enumerations change together.

/// The three families Transistor Listor catalogs.
public enum TransistorFamily: String, Sendable, Hashable, CaseIterable, Comparable {
    case bjt = "BJT"
    case mosfet = "MOSFET"
    case jfet = "JFET"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .bjt: 0
        case .mosfet: 1
        case .jfet: 2
        }
    }

    /// The terminals a pinout may name, in the order datasheets usually draw them.
    public var terminals: [Terminal] {
        switch self {
        case .bjt: [.collector, .base, .emitter]
        case .mosfet, .jfet: [.gate, .drain, .source]
        }
    }
}

/// Common to every transistor; the concrete families add their doping and parameters.
public protocol Transistor: Sendable {
    var ratings: Ratings { get }
    var partNumber: String { get }
    var package: Package { get }
    var use: String { get }
    /// Datasheet facts every family may have: power, pinout, complementary part.
    var datasheet: Datasheet { get }

    var family: TransistorFamily { get }
    /// "NPN", "PMOS", "N-channel".
    var dopingName: String { get }
    /// Whether the device conducts with electrons (NPN, NMOS, N-channel).
    var isNType: Bool { get }
}

/// A doping enumeration: its raw values are the JSON strings, its `codingKey` the JSON key
/// that holds it (`bjt_doping`), so `DopingWrapper` needs no per-family code.
public protocol Doping: RawRepresentable<String>, CaseIterable, Sendable, Hashable, Codable {
    static var codingKey: String { get }
    static var family: TransistorFamily { get }
    var isNType: Bool { get }
}

public enum BJTDoping: String, Doping {
    case npn = "NPN"
    case pnp = "PNP"

    public static let codingKey = "bjt_doping"
    public static let family = TransistorFamily.bjt
    public var isNType: Bool { self == .npn }
}

public enum MOSFETDoping: String, Doping {
    case nmos = "NMOS"
    case pmos = "PMOS"

    public static let codingKey = "mosfet_doping"
    public static let family = TransistorFamily.mosfet
    public var isNType: Bool { self == .nmos }
}

public enum JFETDoping: String, Doping {
    case nChannel = "N-channel"
    case pChannel = "P-channel"

    public static let codingKey = "jfet_doping"
    public static let family = TransistorFamily.jfet
    public var isNType: Bool { self == .nChannel }
}

/// Absolute maximum ratings, in volts and amperes, as magnitudes (a PNP's −45 V is 45 here).
/// A source may not give one (KiCad describes its digital transistors by voltage alone): a
/// rating not given meets no minimum, sorts last, and is left out of JSON and CSV.
public struct Ratings: Sendable, Hashable {
    // Kept as NaN for none: a catalog holds a million of these, and two optional doubles take
    // twice the memory of two doubles.
    private let voltage: Double
    private let current: Double

    public var maxVoltage: Double? { voltage.isNaN ? nil : voltage }
    public var maxCurrent: Double? { current.isNaN ? nil : current }

    public init(maxVoltage: Double?, maxCurrent: Double?) {
        voltage = maxVoltage ?? .nan
        current = maxCurrent ?? .nan
    }

    public static func == (lhs: Ratings, rhs: Ratings) -> Bool {
        lhs.maxVoltage == rhs.maxVoltage && lhs.maxCurrent == rhs.maxCurrent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(maxVoltage)
        hasher.combine(maxCurrent)
    }
}

/// Facts from the datasheet beyond the seed's fields; each is optional.
public struct Datasheet: Sendable, Hashable {
    /// Total power dissipation in watts.
    public var powerDissipation: Double?
    public var pinout: Pinout?
    /// The complementary part: BC557 for BC547.
    public var complement: String?
    /// The datasheet's address, http or https.
    public var url: String?
    /// Where the part was read from, when not from the seed's format: "Transistor_BJT.kicad_sym: 2N2219".
    public var source: String?

    public init(powerDissipation: Double? = nil, pinout: Pinout? = nil, complement: String? = nil, url: String? = nil, source: String? = nil) {
        self.powerDissipation = powerDissipation
        self.pinout = pinout
        self.complement = complement
        self.url = url
        self.source = source
    }
}

extension Datasheet {
    /// `text` when it is an http or https address with a host, for a link; nil otherwise.
    public static func webAddress(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), URL(string: text)?.host?.isEmpty == false else { return nil }
        return text
    }
}

/// A transistor terminal, as pinouts name it by its first letter.
public enum Terminal: Character, Sendable, Hashable {
    case collector = "C", base = "B", emitter = "E"
    case gate = "G", drain = "D", source = "S"

    public var name: String {
        switch self {
        case .collector: "collector"
        case .base: "base"
        case .emitter: "emitter"
        case .gate: "gate"
        case .drain: "drain"
        case .source: "source"
        }
    }
}

/// Terminals in package pin order: "CBE" for a BC547, "EBC" for a 2N3904, "GDS" for a TO-220
/// MOSFET; in a dual part each pin also names its transistor: "E1B1C2E2B2C1", and a terminal
/// joined inside the part has no pin of its own (BCV61's current mirror, "C2C1E1E2", whose bases
/// are tied to collector 1).
public struct Pinout: Sendable, Hashable, CustomStringConvertible {
    /// Each pin's terminal, and for a part of several transistors its transistor (1, 2; 0 for
    /// a part of one): one array, as a catalog holds a million pinouts.
    private let pins: [(terminal: Terminal, unit: UInt8)]

    public var terminals: [Terminal] { pins.map(\.terminal) }
    /// For a part of several transistors, the transistor of each pin (1, 2); empty for one.
    public var units: [Int] { pins.first?.unit == 0 ? [] : pins.map { Int($0.unit) } }

    public init(terminals: [Terminal], units: [Int] = []) {
        precondition(units.isEmpty || units.count == terminals.count, "a unit for every pin, or none")
        precondition(units.allSatisfy { (1...255).contains($0) }, "units count from 1")
        pins = units.isEmpty ? terminals.map { ($0, 0) } : zip(terminals, units).map { ($0, UInt8($1)) }
    }

    public static func == (lhs: Pinout, rhs: Pinout) -> Bool {
        lhs.pins.elementsEqual(rhs.pins) { $0.terminal == $1.terminal && $0.unit == $1.unit }
    }

    public func hash(into hasher: inout Hasher) {
        for pin in pins {
            hasher.combine(pin.terminal)
            hasher.combine(pin.unit)
        }
    }

    public var description: String {
        units.isEmpty ? String(terminals.map(\.rawValue)) : zip(terminals, units).map { "\($0.rawValue)\($1)" }.joined()
    }

    /// The terminals of a dual part's transistors that have no pin of their own: "base 1",
    /// "base 2" for BCV61; none for a part of one transistor, whose pinout names them all.
    public func unpinned(_ family: TransistorFamily) -> [String] {
        Set(units).sorted().flatMap { unit in
            family.terminals.filter { terminal in !pins.contains { $0.terminal == terminal && Int($0.unit) == unit } }.map { "\($0.name) \(unit)" }
        }
    }
}

// MARK: - Family parameters

/// BJT: DC current gain (hFE) and the collector current it is specified at; transition frequency.
public struct BJTParameters: Sendable, Hashable {
    public var hfeMin: Double?
    public var hfeMax: Double?
    /// Collector current (A) at which hFE is specified.
    public var hfeTestCurrent: Double?
    /// fT in hertz.
    public var transitionFrequency: Double?

    public init(hfeMin: Double? = nil, hfeMax: Double? = nil, hfeTestCurrent: Double? = nil, transitionFrequency: Double? = nil) {
        self.hfeMin = hfeMin
        self.hfeMax = hfeMax
        self.hfeTestCurrent = hfeTestCurrent
        self.transitionFrequency = transitionFrequency
    }
}

/// MOSFET: gate threshold voltage (maximum), on-resistance and the gate voltage it is specified at.
public struct MOSFETParameters: Sendable, Hashable {
    /// VGS(th) maximum in volts, signed as on the datasheet (negative for PMOS).
    public var gateThresholdMax: Double?
    /// RDS(on) maximum in ohms.
    public var onResistance: Double?
    /// The VGS (volts, signed) at which RDS(on) is specified.
    public var onResistanceGateVoltage: Double?

    public init(gateThresholdMax: Double? = nil, onResistance: Double? = nil, onResistanceGateVoltage: Double? = nil) {
        self.gateThresholdMax = gateThresholdMax
        self.onResistance = onResistance
        self.onResistanceGateVoltage = onResistanceGateVoltage
    }
}

/// JFET: zero-gate-voltage drain current (IDSS) range and gate–source cutoff voltage (VGS(off)) range.
public struct JFETParameters: Sendable, Hashable {
    public var idssMin: Double?
    public var idssMax: Double?
    /// VGS(off) bounds in volts, signed as on the datasheet (negative for N-channel).
    public var cutoffVoltageMin: Double?
    public var cutoffVoltageMax: Double?

    public init(idssMin: Double? = nil, idssMax: Double? = nil, cutoffVoltageMin: Double? = nil, cutoffVoltageMax: Double? = nil) {
        self.idssMin = idssMin
        self.idssMax = idssMax
        self.cutoffVoltageMin = cutoffVoltageMin
        self.cutoffVoltageMax = cutoffVoltageMax
    }
}

// MARK: - The three families
//
// Each struct repeats the common properties: seed 000 chose structs over a base class and
// accepted that price for synthesized Hashable and value semantics.

/// A bipolar junction transistor.
public struct BJT: Transistor, Hashable {
    public let ratings: Ratings
    public let partNumber: String
    public let package: Package
    public let use: String
    public let doping: BJTDoping
    public let datasheet: Datasheet
    public let parameters: BJTParameters

    public init(ratings: Ratings, partNumber: String, package: Package, use: String, doping: BJTDoping,
                datasheet: Datasheet = Datasheet(), parameters: BJTParameters = BJTParameters()) {
        self.ratings = ratings
        self.partNumber = partNumber
        self.package = package
        self.use = use
        self.doping = doping
        self.datasheet = datasheet
        self.parameters = parameters
    }

    public var family: TransistorFamily { .bjt }
    public var dopingName: String { doping.rawValue }
    public var isNType: Bool { doping.isNType }
}

/// A metal–oxide–semiconductor field-effect transistor.
public struct MOSFET: Transistor, Hashable {
    public let ratings: Ratings
    public let partNumber: String
    public let package: Package
    public let use: String
    public let doping: MOSFETDoping
    public let datasheet: Datasheet
    public let parameters: MOSFETParameters

    public init(ratings: Ratings, partNumber: String, package: Package, use: String, doping: MOSFETDoping,
                datasheet: Datasheet = Datasheet(), parameters: MOSFETParameters = MOSFETParameters()) {
        self.ratings = ratings
        self.partNumber = partNumber
        self.package = package
        self.use = use
        self.doping = doping
        self.datasheet = datasheet
        self.parameters = parameters
    }

    public var family: TransistorFamily { .mosfet }
    public var dopingName: String { doping.rawValue }
    public var isNType: Bool { doping.isNType }
}

/// A junction field-effect transistor.
public struct JFET: Transistor, Hashable {
    public let ratings: Ratings
    public let partNumber: String
    public let package: Package
    public let use: String
    public let doping: JFETDoping
    public let datasheet: Datasheet
    public let parameters: JFETParameters

    public init(ratings: Ratings, partNumber: String, package: Package, use: String, doping: JFETDoping,
                datasheet: Datasheet = Datasheet(), parameters: JFETParameters = JFETParameters()) {
        self.ratings = ratings
        self.partNumber = partNumber
        self.package = package
        self.use = use
        self.doping = doping
        self.datasheet = datasheet
        self.parameters = parameters
    }

    public var family: TransistorFamily { .jfet }
    public var dopingName: String { doping.rawValue }
    public var isNType: Bool { doping.isNType }
}
