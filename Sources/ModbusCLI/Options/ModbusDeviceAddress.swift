import ArgumentParser
import ListorCommandKit
import Modbus

/// The one string `serve --modbus-device` takes for a device, in any of its transports, as
/// `ModbusLink(address:)` reads it.
package struct ModbusDeviceAddress: ExpressibleByArgument {
    let link: ModbusLink

    package init?(argument: String) {
        guard let link = try? Self.link(argument) else { return nil }
        self.link = link
    }

    /// The link `text` names, or why it names none.
    package static func link(_ text: String) throws -> ModbusLink {
        do { return try ModbusLink(address: text) } catch { throw ValidationError(error.description) }
    }
}
