import CoreMetrics
import Foundation
import ListorKit

/// Reads a register map from a device, one poll at a time, and keeps the last good value of
/// every variable: when a read fails its rows stay, marked stale with the error and its time.
public actor RegisterPoller {
    public let map: RegisterMap
    public let plan: ReadPlan
    private let transport: any ModbusTransport
    private let now: @Sendable () -> Date
    public private(set) var snapshot: ModbusSnapshot
    /// `listor_modbus_polls_total`, `listor_modbus_poll_failures_total` (a poll with any read
    /// failed) and `listor_modbus_poll_duration_seconds`, labelled with the device.
    private let polls: Counter
    private let failedPolls: Counter
    private let duration: CoreMetrics.Timer
    /// `listor_modbus_value{device, register, name, unit_of_measure}`: each variable's value
    /// (NaN while its row is stale), made at its first number; `listor_modbus_up{device}`, 1
    /// while the last poll read everything.
    private let metrics: any MetricsFactory
    private let metricsName: String
    private var values: [Int: Gauge] = [:]
    private let up: Gauge
    /// `listor_modbus_alarm{device, register}` of each variable with an alarm, by register.
    private let alarmGauges: [(String, Gauge)]

    /// `name` labels the metrics: the device's name in a plant, or else the map's device.
    public init(map: RegisterMap, transport: any ModbusTransport, name: String? = nil, now: @escaping @Sendable () -> Date = Date.init,
                metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        let device = [("device", name ?? map.device)]
        polls = Counter(label: "listor_modbus_polls_total", dimensions: device, factory: metrics)
        failedPolls = Counter(label: "listor_modbus_poll_failures_total", dimensions: device, factory: metrics)
        duration = CoreMetrics.Timer(label: "listor_modbus_poll_duration_seconds", dimensions: device, factory: metrics)
        up = Gauge(label: "listor_modbus_up", dimensions: device, factory: metrics)
        self.metrics = metrics
        metricsName = name ?? map.device
        alarmGauges = map.variables.filter { $0.alarm != nil }.map { variable in
            let gauge = Gauge(label: "listor_modbus_alarm", dimensions: device + [("register", variable.registerLabel)], factory: metrics)
            gauge.record(0)
            return (variable.registerLabel, gauge)
        }
        self.map = map
        plan = ReadPlan(map)
        self.transport = transport
        self.now = now
        snapshot = ModbusSnapshot(
            device: map.device,
            rows: map.variables.map { ModbusRow(register: $0.registerLabel, variableName: $0.name, unit: $0.unit) },
            connection: .connecting)
    }

    /// Reads every variable once and returns the new snapshot.
    @discardableResult
    public func poll() async -> ModbusSnapshot {
        var rows = snapshot.rows
        var failures: [String] = []
        let started = ContinuousClock.now
        defer {
            polls.increment()
            if !failures.isEmpty { failedPolls.increment() }
            duration.record(started.duration(to: .now))
        }
        // The whole plan goes in one call: a client runs it on its own thread, and once the link
        // fails the reads after it fail with it at once rather than each waiting it out.
        let results = await transport.send(plan.reads.map(\.request))
        for (read, result) in zip(plan.reads, results) {
            do {
                let response = try result.get()
                let time = now()
                for index in read.variables {
                    rows[index] = try row(for: map.variables[index], in: read, response: response, previous: rows[index], time: time)
                }
            } catch {
                let message = (error as? ModbusError)?.description ?? "\(error)"
                failures.append(message)
                markStale(read, message, in: &rows)
            }
        }
        snapshot.rows = rows
        record(rows)
        up.record(failures.isEmpty ? 1 : 0)
        snapshot.updated = now()
        if failures.isEmpty { snapshot.lastGood = snapshot.updated }
        snapshot.connection = failures.isEmpty ? .connected : .failed(failures[0])
        snapshot.answered = !results.contains { if case .failure(let failure) = $0 { failure.isLinkFailure } else { false } }
        return snapshot
    }

    /// Each variable's number as its gauge; a stale one is NaN, so that no old value passes for a reading.
    private func record(_ rows: [ModbusRow]) {
        for (index, row) in rows.enumerated() {
            guard let gauge = values[index] ?? row.number.map({ _ in makeGauge(index) }) else { continue }
            gauge.record(row.stale == nil ? row.number ?? .nan : .nan)
        }
    }

    /// `listor_modbus_alarm{device, register}`: 1 while an alarm of the variable is raised, 0
    /// otherwise, for each variable the map gives an alarm, so that Prometheus can alert too.
    public func recordAlarms(_ active: [AlarmEvent]) {
        let raised = Set(active.map(\.register))
        for (register, gauge) in alarmGauges { gauge.record(raised.contains(register) ? 1 : 0) }
    }

    private func makeGauge(_ index: Int) -> Gauge {
        let variable = map.variables[index]
        let gauge = Gauge(label: "listor_modbus_value", dimensions: [("device", metricsName), ("register", variable.registerLabel),
                                                                    ("name", variable.name), ("unit_of_measure", variable.unit)], factory: metrics)
        values[index] = gauge
        return gauge
    }

    private func markStale(_ read: ReadPlan.Read, _ message: String, in rows: inout [ModbusRow]) {
        let time = now()
        for index in read.variables {
            rows[index].stale = ModbusRow.Staleness(error: message, since: rows[index].stale?.since ?? time)
        }
    }

    private func row(for variable: RegisterVariable, in read: ReadPlan.Read, response: ModbusResponse,
                     previous: ModbusRow, time: Date) throws -> ModbusRow {
        let offset = Int(variable.address) - Int(read.address)
        var row = previous
        row.stale = nil
        switch response {
        case .registers(let registers) where registers.count >= offset + variable.count:
            let words = Array(registers[offset..<offset + variable.count])
            row.registerValue = words.map(String.init).joined(separator: "-")
            do {
                let reading = try variable.encoding.reading(of: words)
                row.realValue = reading.text
                row.number = reading.number
            } catch {
                row.realValue = ""
                row.number = nil
                row.stale = ModbusRow.Staleness(error: error.description, since: time)
            }
        case .bits(let bits) where bits.count >= offset + variable.count:
            let values = bits[offset..<offset + variable.count].map { $0 ? "1" : "0" }
            row.registerValue = values.joined(separator: "-")
            row.realValue = values.joined(separator: " ")
            row.number = variable.count == 1 ? (bits[offset] ? 1 : 0) : nil
        default:
            throw ModbusError.mismatchedResponse("\(response) does not cover \(variable.name)")
        }
        return row
    }
}
