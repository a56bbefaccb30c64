import Foundation
import ListorKit

/// A device's register map: what `listor modbus poll` and the web page read.
public struct RegisterMap: Sendable, Hashable {
    /// The device the map describes, e.g. "TUF-2000M ultrasonic flow meter".
    public var device: String
    public var variables: [RegisterVariable]

    public init(device: String, variables: [RegisterVariable]) {
        self.device = device
        self.variables = variables
    }

    /// The variable `text` names: its name in any case, its register ("40001-40002"), or its
    /// first register alone ("40001").
    public func variable(named text: String) -> RegisterVariable? {
        let wanted = text.trimmed()
        return variables.first {
            $0.name.lowercased() == wanted.lowercased() || $0.registerLabel == wanted || $0.registerLabel.split(separator: "-").first == Substring(wanted)
        }
    }

    /// Reads a map file. The variables that are right are kept; each wrong one is a problem
    /// naming its index, its name and the field. Only JSON that cannot be read at all, or a
    /// map without a `registers` array, throws.
    public static func decode(_ bytes: some Collection<UInt8>) throws(RegisterMapError) -> (map: RegisterMap, problems: [Problem]) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .notJSON(error) }
        let defaults: Defaults
        let entries: [JSONValue]
        do {
            let fields = try JSONFields(root, codingPath: [])
            defaults = try Defaults(fields)
            guard case .array(let array) = try fields.value(Key("registers")) else {
                throw fields.invalid(Key("registers"), "expected an array of variables")
            }
            entries = array
        } catch let error as DecodingError {
            throw .invalid(Problem(decodingError: error))
        } catch {
            throw .invalid(Problem(reason: "\(error)"))
        }
        var variables: [RegisterVariable] = []
        var problems: [Problem] = []
        for (index, entry) in entries.enumerated() {
            let name = entry["name"].flatMap { if case .string(let name) = $0, !name.trimmed().isEmpty { name } else { nil } }
            do {
                variables.append(try variable(entry, defaults: defaults, codingPath: [Key("registers"), IndexKey(intValue: index)]))
            } catch let error as DecodingError {
                var problem = Problem(decodingError: error, index: index, itemName: name)
                problem.field = problem.field.map { $0.replacingPrefix("registers[\(index)]") }
                problems.append(problem)
            } catch {
                problems.append(Problem(index: index, itemName: name, reason: "\(error)"))
            }
        }
        return (RegisterMap(device: defaults.device, variables: variables), problems)
    }

    /// Defaults the map sets for all its variables.
    struct Defaults {
        var device = ""
        var numbering = RegisterNumbering.oneBased
        var table = RegisterTable.holding
        var wordOrder = WordOrder.lowWordFirst

        init(_ fields: JSONFields) throws {
            device = try fields.optionalString(Key("device")) ?? ""
            numbering = try fields.optionalChoice(RegisterNumbering.self, Key("numbering")) ?? numbering
            table = try fields.optionalChoice(RegisterTable.self, Key("table")) ?? table
            wordOrder = try fields.optionalChoice(WordOrder.self, Key("word_order")) ?? wordOrder
        }
    }

    /// What a history must keep apart: each variable's registers, table, format, name and unit,
    /// a line each. Two maps of the same identity record the same series.
    public var identity: String {
        variables.map { "\($0.registerLabel) \($0.table.rawValue) \($0.encoding.format.rawValue) \($0.name) [\($0.unit)]" }.joined(separator: "\n")
    }

    static func variable(_ value: JSONValue, defaults: Defaults, codingPath: [any CodingKey]) throws -> RegisterVariable {
        let fields = try JSONFields(value, codingPath: codingPath)
        let name = try fields.string(Key("name")).trimmed()
        guard !name.isEmpty else { throw fields.invalid(Key("name"), "must not be empty") }
        let numbering = try fields.optionalChoice(RegisterNumbering.self, Key("numbering")) ?? defaults.numbering
        let table = try fields.optionalChoice(RegisterTable.self, Key("table")) ?? defaults.table
        let format = try fields.optionalChoice(RegisterFormat.self, Key("format")) ?? (table.holdsBits ? .bit : nil)
        guard let format else { throw DecodingError.keyNotFound(Key("format"), .init(codingPath: codingPath, debugDescription: "missing")) }
        if table.holdsBits, format != .bit {
            throw fields.invalid(Key("format"), "a \(table.rawValue) holds bits; its format is BIT, not \(format.rawValue)")
        }
        let start = try fields.integer(Key("start"))
        let first = numbering.first
        guard start >= first, start - first <= 0xFFFF else {
            throw fields.invalid(Key("start"), "\(start) is not a register number; \(numbering.rawValue) numbers run from \(first) to \(0xFFFF + first)")
        }
        let count: Int
        if fields.contains(Key("count")) {
            count = try fields.integer(Key("count"))
            if let fixed = format.registerCount, !table.holdsBits, count != fixed {
                throw fields.invalid(Key("count"), "\(format.rawValue) takes \(fixed) registers, not \(count)")
            }
        } else {
            count = table.holdsBits ? 1 : format.registerCount ?? 1
        }
        guard count >= 1, count <= table.readMaximum else {
            throw fields.invalid(Key("count"), "must be 1 to \(table.readMaximum), not \(count)")
        }
        guard start - first + count - 1 <= 0xFFFF else {
            throw fields.invalid(Key("count"), "\(count) registers from \(start) run past the last register")
        }
        var encoding = ValueEncoding(format: format, wordOrder: try fields.optionalChoice(WordOrder.self, Key("word_order")) ?? defaults.wordOrder)
        if fields.contains(Key("byte_swap")) {
            guard case .bool(let swap) = try fields.value(Key("byte_swap")) else { throw fields.invalid(Key("byte_swap"), "expected true or false") }
            encoding.byteSwap = swap
        }
        if fields.contains(Key("mask")) {
            let mask = try fields.integer(Key("mask"))
            guard mask > 0, mask <= Int(UInt32.max) else { throw fields.invalid(Key("mask"), "must be 1 to \(UInt32.max)") }
            encoding.mask = UInt32(mask)
        }
        if fields.contains(Key("scale")) { encoding.scale = try fields.double(Key("scale")) }
        if fields.contains(Key("offset")) { encoding.offset = try fields.double(Key("offset")) }
        if fields.contains(Key("decimals")) {
            let decimals = try fields.integer(Key("decimals"))
            guard (0...10).contains(decimals) else { throw fields.invalid(Key("decimals"), "must be 0 to 10, not \(decimals)") }
            encoding.decimals = decimals
        }
        var writable = false
        if fields.contains(Key("writable")) {
            guard case .bool(let value) = try fields.value(Key("writable")) else { throw fields.invalid(Key("writable"), "expected true or false") }
            guard !value || table.isWritable else {
                throw fields.invalid(Key("writable"), "a \(table.rawValue) is read-only; holding registers and coils can be written")
            }
            writable = value
        }
        return RegisterVariable(
            name: name, unit: try fields.optionalString(Key("unit"))?.trimmed() ?? "", table: table,
            address: UInt16(start - first), count: count, encoding: encoding, numbering: numbering,
            alarm: fields.contains(Key("alarm")) ? try alarm(try JSONFields(try fields.value(Key("alarm")), codingPath: fields.path(Key("alarm")))) : nil,
            writable: writable)
    }

    /// `{"high": 10, "low": 1, "hysteresis": 0.5, "for": 5}`: a threshold or both, the hysteresis
    /// in the variable's unit (0 unless given), and seconds a threshold must stay crossed (0).
    static func alarm(_ fields: JSONFields) throws -> AlarmRule {
        let high = fields.contains(Key("high")) ? try fields.double(Key("high")) : nil
        let low = fields.contains(Key("low")) ? try fields.double(Key("low")) : nil
        guard high != nil || low != nil else { throw fields.invalid("give a high or a low threshold, or both") }
        if let high, let low, low >= high { throw fields.invalid(Key("low"), "\(low) is not below the high threshold \(high)") }
        let hysteresis = fields.contains(Key("hysteresis")) ? try fields.double(Key("hysteresis")) : 0
        guard hysteresis >= 0, hysteresis.isFinite else { throw fields.invalid(Key("hysteresis"), "must be 0 or more, not \(hysteresis)") }
        if let high, let low, hysteresis >= high - low {
            throw fields.invalid(Key("hysteresis"), "\(hysteresis) is not less than the gap between the thresholds (\(high - low))")
        }
        let seconds = fields.contains(Key("for")) ? try fields.double(Key("for")) : 0
        guard (0...86_400).contains(seconds) else { throw fields.invalid(Key("for"), "must be 0 to 86400 seconds, not \(seconds)") }
        if let unknown = fields.object.keys.first(where: { !["high", "low", "hysteresis", "for"].contains($0) }) {
            throw fields.invalid("\"\(unknown)\" is not a field of an alarm; they are high, low, hysteresis and for")
        }
        return AlarmRule(high: high, low: low, hysteresis: hysteresis, minimumDuration: .milliseconds(Int((seconds * 1000).rounded())))
    }
}

/// Member names, as ListorKit reads any.
private typealias Key = AnyJSONKey

private extension JSONFields {
    func integer(_ key: some CodingKey) throws -> Int {
        let value = try double(key)
        guard value == value.rounded(), abs(value) < 1e15 else { throw invalid(key, "expected a whole number, found \(value)") }
        return Int(value)
    }
}

private extension String {
    func replacingPrefix(_ prefix: String) -> String {
        guard hasPrefix(prefix) else { return self }
        let rest = dropFirst(prefix.count)
        return rest.hasPrefix(".") ? String(rest.dropFirst()) : String(rest)
    }
}

extension RegisterMap {
    /// The TUF-2000M's registers 1–100 as its manual lists them (the map `serve` and the
    /// simulator use by default).
    public static func tuf2000m() throws -> RegisterMap {
        guard let file = EmbeddedResources.files["tuf-2000m.json"] else {
            throw RegisterMapError.invalid(Problem(reason: "the bundled TUF-2000M map is missing from the build"))
        }
        let (map, problems) = try decode(Data(file.text.utf8))
        if let problem = problems.first { throw RegisterMapError.invalid(problem) }
        return map
    }
}
