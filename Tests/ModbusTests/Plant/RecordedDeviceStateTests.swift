import Foundation
import Modbus
import Testing

/// Whether a device another server records answers, from what its recorder said and from how
/// recent its samples are.
@Suite struct RecordedDeviceStateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func state(_ recorder: DeviceRecorder?, lastSample seconds: TimeInterval?) -> RecordedDevicesViewModel.Status.State {
        RecordedDevicesViewModel.Status(recorder: recorder, lastSample: seconds.map { now.addingTimeInterval(-$0) }, now: now).state
    }

    @Test func aDeviceAnswersWhileItsSamplesComeAsOftenAsItIsPolled() {
        let polled = DeviceRecorder(owner: "listor serve on plant-b", source: "10.0.0.9:502, unit 9", interval: .seconds(1))
        #expect(state(polled, lastSample: 2) == .answering)
        #expect(state(polled, lastSample: 60) == .silent(since: now.addingTimeInterval(-60)), "its server stopped recording")
        #expect(state(polled, lastSample: nil) == .silent(since: nil))
        let slow = DeviceRecorder(owner: "b", source: "s", interval: .seconds(10))
        #expect(state(slow, lastSample: 40) == .answering, "five of its polls")
        var down = polled
        down.downSince = now.addingTimeInterval(-30)
        down.downReason = "connection refused"
        #expect(state(down, lastSample: 30) == .notAnswering(since: now.addingTimeInterval(-30), reason: "connection refused"))
        #expect(state(nil, lastSample: 1) == .unknown)
    }
}
