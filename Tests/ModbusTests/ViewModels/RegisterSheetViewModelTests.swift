import Foundation
import Testing
@testable import Modbus

@Suite struct RegisterSheetViewModelTests {
    static let snapshot = ModbusSnapshot(
        device: "meter",
        updated: Date(timeIntervalSince1970: 1_533_269_160),
        rows: [
            ModbusRow(register: "1-2", variableName: "Flow Rate", unit: "m3/h", registerValue: "63647-15846", realValue: "0.1128"),
            ModbusRow(register: "33-34", variableName: "Temperature #1/inlet", unit: "°C", registerValue: "14744-16690", realValue: "11.14"),
            ModbusRow(register: "92", variableName: "Signal Quality", unit: "", registerValue: "829", realValue: "61",
                      stale: .init(error: "no response", since: Date(timeIntervalSince1970: 1_533_269_220))),
        ],
        connection: .failed("no response from meter:502 within 2 s"))

    /// The feed's columns, the value beside the name, where a phone shows it.
    @Test func columnsComeFromTheFeedsHeaderWithTheValueBesideTheName() {
        let sheet = RegisterSheetViewModel(snapshot: Self.snapshot)
        #expect(sheet.columns.map(\.key) == ["register", "variable_name", "real_value", "unit", "register_value"])
        #expect(sheet.columns.map(\.title) == ["Register", "Variable Name", "Real Value", "Unit", "Register Value"])
        #expect(Set(sheet.columns.map(\.key)) == Set(ModbusFeed.headerKeys))
        #expect(RegisterSheetViewModel.valueColumn == 2)
    }

    @Test(arguments: [
        ("15846", ["1-2"]), ("0.1128", ["1-2"]), ("temperature c", ["33-34"]), ("°c", ["33-34"]),
        ("M3/H flow", ["1-2"]), ("829", ["92"]), ("", ["1-2", "33-34", "92"]),
    ])
    func searchLooksInEveryColumnValuesIncluded(search: String, registers: [String]) {
        #expect(RegisterSheetViewModel(snapshot: Self.snapshot, search: search).rows.map(\.register) == registers)
    }

    @Test func saysWhyNothingIsShownAndHowTheLinkIs() {
        let none = RegisterSheetViewModel(snapshot: Self.snapshot, search: "pressure")
        #expect(none.rows.isEmpty)
        #expect(none.emptyMessage == "No search results")
        #expect(RegisterSheetViewModel(snapshot: Self.snapshot).emptyMessage == nil)
        #expect(none.connectionText == "Cannot read the device: no response from meter:502 within 2 s")
        // Next to an error, when the values shown were read, not when the last attempt failed.
        #expect(none.updatedText(timeZone: TimeZone(identifier: "UTC")!) == "No good reading yet")
        var lastGood = Self.snapshot
        lastGood.lastGood = Date(timeIntervalSince1970: 1_533_269_100)
        #expect(RegisterSheetViewModel(snapshot: lastGood).updatedText(timeZone: TimeZone(identifier: "UTC")!) == "Last good reading 2018-08-03 04:05:00")
        lastGood.connection = .connected
        #expect(RegisterSheetViewModel(snapshot: lastGood).updatedText(timeZone: TimeZone(identifier: "UTC")!) == "Updated 2018-08-03 04:06:00")
        let fresh = RegisterSheetViewModel(snapshot: ModbusSnapshot(device: "m", rows: [], connection: .connecting))
        #expect(fresh.connectionText == "Connecting to the device…")
        #expect(fresh.updatedText() == "Not read yet")
        #expect(fresh.emptyMessage == "The register map has no variables.")
    }

    @Test func summaryCountsWhatTheSearchLeaves() {
        #expect(RegisterSheetViewModel(snapshot: Self.snapshot).summary == "3 variables")
        let searched = RegisterSheetViewModel(snapshot: Self.snapshot, search: "flow")
        #expect(searched.summary == "1 of 3 variables")
        #expect(Self.snapshot.rows.map(searched.matches) == [true, false, false])
    }
}
