import Modbus

/// What `modbus/recorded.mustache` shows: a device that another server polls into the shared
/// history, its variables each linking to its chart.
struct ModbusRecordedPage: Encodable {
    struct Variable: Encodable {
        let name: String
        let register: String
        let unit: String
        let path: String
    }

    let name: String
    let path: String
    let variables: [Variable]
    let hasVariables: Bool

    init(name: String, path: String, variables: [TrendVariable]) {
        self.name = name
        self.path = path
        self.variables = variables.map { variable in
            let first = variable.register.split(separator: "-").first.map(String.init) ?? variable.register
            return Variable(name: variable.name, register: variable.register, unit: variable.unit, path: "\(path)/variables/\(first)")
        }
        hasVariables = !variables.isEmpty
    }
}
