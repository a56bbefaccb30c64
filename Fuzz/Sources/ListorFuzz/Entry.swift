import Foundation

/// The target `LISTOR_FUZZ_TARGET` names, found once.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["LISTOR_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        fatalError("LISTOR_FUZZ_TARGET=\(name) is not a target; the targets are \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

/// libFuzzer's driver, which `-sanitize=fuzzer` links in.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The executable's entry point, under the name SwiftPM links an executable target's `main` by:
/// it hands the command line to libFuzzer's driver.
@_cdecl("ListorFuzz_main")
public func listorFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
