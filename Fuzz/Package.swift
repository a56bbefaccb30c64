// swift-tools-version:6.2
import Foundation
import PackageDescription

/// The main package is the folder above; SwiftPM names a path dependency after its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// libFuzzer targets for every parser that takes outside input, in a package of their own so
/// that the main build never links libFuzzer. Built and run by `Fuzz/run` (see Fuzz/README.md).
let package = Package(
    name: "ListorFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "ListorFuzz",
            dependencies: [
                .product(name: "ListorKit", package: root),
                .product(name: "Transistors", package: root),
                .product(name: "Modbus", package: root),
                .product(name: "Library", package: root),
                .product(name: "Stella", package: root),
                .product(name: "TextBrowser", package: root),
                .product(name: "ListorImaging", package: root),
                .product(name: "ListorWeb", package: root),
                .product(name: "ModbusSQL", package: root),
                .product(name: "ListorServer", package: root),
                .product(name: "ListorSMTP", package: root),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            // libFuzzer (its main() drives the targets) in this executable alone; `Fuzz/run`
            // compiles every module with the coverage it reads.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),
    ]
)
