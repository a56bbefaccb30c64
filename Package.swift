// swift-tools-version:6.2
import PackageDescription

/// Every target builds in Swift 6 language mode with strict concurrency; warnings are not tolerated.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// How the programs are linked on Linux: by the toolchain's lld, without the Swift driver's
/// `-export-dynamic` (nothing looks their symbols up), and with the functions they run at start
/// laid out together, as `deploy/order` found them. A fresh `listor browse --dump` is then
/// 13 MB smaller than gold's with 32,000 exported symbols (Benchmarks/README, issue 53).
let programLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/deploy/listor.order",
                  "-Xlinker", "--no-warn-symbol-ordering"], .when(platforms: [.linux])),
]

/// A command group's module: its commands and, in `Composition/`, how its app is built, on the
/// command line's kit.
func commandGroup(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name,
            dependencies: ["ListorLauncher", "ListorCommandKit", "ListorKit", .product(name: "ArgumentParser", package: "swift-argument-parser")] + dependencies,
            swiftSettings: swiftSettings)
}

/// The program `listor-<group>`, which installed `listor` becomes for the group.
func groupProgram(_ group: String, _ module: String) -> Target {
    .executableTarget(name: "listor-\(group)", dependencies: ["ListorCommandKit", .target(name: module)], swiftSettings: swiftSettings,
                      linkerSettings: programLinking)
}

let package = Package(
    name: "Listor",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "listor", targets: ["listor"]),
        .executable(name: "listor-serve", targets: ["listor-serve"]),
        .executable(name: "listor-transistors", targets: ["listor-transistors"]),
        .executable(name: "listor-modbus", targets: ["listor-modbus"]),
        .executable(name: "listor-library", targets: ["listor-library"]),
        .executable(name: "listor-browse", targets: ["listor-browse"]),
        .executable(name: "listor-stella", targets: ["listor-stella"]),
        .library(name: "ListorKit", targets: ["ListorKit"]),
        .library(name: "Transistors", targets: ["Transistors"]),
        .library(name: "Modbus", targets: ["Modbus"]),
        .library(name: "Library", targets: ["Library"]),
        .library(name: "Stella", targets: ["Stella"]),
        .library(name: "TextBrowser", targets: ["TextBrowser"]),
        // For the fuzz targets (Fuzz/): the parsers of pictures, the web's requests and the Modbus history.
        .library(name: "ListorImaging", targets: ["ListorImaging"]),
        .library(name: "ListorWeb", targets: ["ListorWeb"]),
        .library(name: "ModbusSQL", targets: ["ModbusSQL"]),
        // For the fuzz targets of serve's settings file and of SMTP replies (Fuzz/).
        .library(name: "ListorServer", targets: ["ListorServer"]),
        .library(name: "ListorSMTP", targets: ["ListorSMTP"]),
    ],
    traits: [
        .trait(name: "InProcess",
               description: "listor runs every command itself instead of becoming the program of its group installed beside it (listor-serve, listor-browse, …), so that swift run listor serve works from the sources. The install turns it off (--disable-default-traits): then a command loads only its own app."),
        .default(enabledTraits: ["InProcess"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Only for LibraryClientTests: a client generated from the library's OpenAPI document.
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Resources built into the code

        /// Each target's `Resources` folder becomes its `EmbeddedResources.files`, so that the
        /// installed `listor` is one file with no folder of resources beside it.
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .executableTarget(name: "ResourceEmbedder", swiftSettings: swiftSettings),

        // MARK: - Shared, platform-neutral core

        /// Data providers, loading state, list model, text folding, quantities, problem reports.
        /// Its counters go through swift-metrics' API (CoreMetrics), whatever the backend.
        .target(name: "ListorKit", dependencies: [.product(name: "CoreMetrics", package: "swift-metrics")], swiftSettings: swiftSettings),

        /// Returns the heap's free pages to the system after a large load (glibc's malloc_trim).
        .target(name: "CListorMemory"),

        /// libjpeg-turbo and libpng from the system (Debian's libjpeg-dev and libpng-dev).
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        /// JPEG and PNG to and from RGBA pixels in C, catching libjpeg's errors with setjmp.
        .target(name: "CListorImaging", dependencies: ["CLibJPEG", "CLibPNG"]),
        /// Decoding, encoding and the size checks of JPEG and PNG images, for covers and pictures.
        .target(name: "ListorImaging", dependencies: ["ListorKit", "CListorImaging"], swiftSettings: swiftSettings),

        /// The live HTTP transport for ListorKit's `HTTPDataProvider`, on AsyncHTTPClient.
        .target(
            name: "ListorHTTPClient",
            dependencies: [
                "ListorKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),

        /// The live `MailTransport`: SMTP with STARTTLS or TLS, on SwiftNIO.
        .target(
            name: "ListorSMTP",
            dependencies: [
                "ListorKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - App cores (platform-neutral: Foundation, ListorKit, and ListorImaging for pictures)

        /// Transistor Listor (seed 000): models, catalog decoding, providers, view models.
        .target(
            name: "Transistors",
            dependencies: ["ListorKit"],
            exclude: ["Resources"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),

        /// ModbusApp (seed 001): Modbus PDUs and frames, register maps and value formats, the
        /// poller and the feed, view models. Transports are injected; ModbusIO has the real ones.
        .target(
            name: "Modbus",
            dependencies: ["ListorKit", .product(name: "CoreMetrics", package: "swift-metrics")],
            exclude: ["Resources"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),

        /// Modbus over real I/O: the client behind `ModbusTransport`, its links (TCP, a serial port,
        /// RTU over TCP) in blocking system calls on a thread each, as libmodbus does; and the
        /// server for simulated devices, on SwiftNIO.
        .target(
            name: "ModbusIO",
            dependencies: [
                "Modbus",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        /// What the stores share: a statement written once with its binds, run in a transaction on
        /// SQLite (GRDB) or PostgreSQL (postgres-nio), rows read alike, errors said alike, migrations;
        /// the PostgreSQL URL and its checks.
        .target(
            name: "ListorSQL",
            dependencies: [
                "ListorKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        /// ModbusApp's history, written once for a SQLite file or a PostgreSQL database that several
        /// `serve` processes write: samples, the thinned per-minute past, alarms, the audit log of writes.
        .target(name: "ModbusSQL", dependencies: ["Modbus", "ListorKit", "ListorSQL"], swiftSettings: swiftSettings),

        /// Prolific Library (seed 002): books and loans, the validator, the library service and
        /// its view models, covers and their colours (decoded by ListorImaging, which needs only
        /// the system's libjpeg and libpng). Stores are injected; LibrarySQL has them.
        .target(
            name: "Library",
            dependencies: ["ListorKit", "ListorImaging", .product(name: "Tagged", package: "swift-tagged"), .product(name: "CoreMetrics", package: "swift-metrics")],
            swiftSettings: swiftSettings
        ),

        /// The library written once for a SQLite file or a PostgreSQL database, over ListorSQL.
        .target(
            name: "LibrarySQL",
            dependencies: ["Library", "ListorSQL", .product(name: "Tagged", package: "swift-tagged"), .product(name: "CoreMetrics", package: "swift-metrics")],
            swiftSettings: swiftSettings
        ),

        /// Stella (seed 004): departments, products with money in minor units, the bundled
        /// catalogue and its pictures, the catalogue's queries.
        .target(name: "Stella", dependencies: ["ListorKit"], swiftSettings: swiftSettings),
        /// Stella's catalogue, stock and orders, written once for a SQLite file or a PostgreSQL
        /// database several nodes sell from: stock taken in the order's transaction.
        .target(name: "StellaSQL", dependencies: ["Stella", "ListorSQL"], swiftSettings: swiftSettings),

        /// zlib from the system (`zlib`, Debian's zlib1g-dev), for gzip-compressed responses.

        /// libxml2's HTML parser, from the system (`libxml-2.0`, Debian's libxml2-dev).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),

        /// VessBrowser (seed 003): a text web browser whose home is the history of visited hosts.
        /// Models, the history accessors, fetching through an injected `HTTPTransport`, character
        /// sets, HTML to text, forms, and the view models of the page, the navigator and the history.
        .target(name: "TextBrowser", dependencies: ["ListorKit", "CLibXML2"], swiftSettings: swiftSettings),

        /// The browser's history and bookmarks in a SQLite file through GRDB.
        .target(
            name: "TextBrowserSQLite",
            dependencies: ["TextBrowser", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),

        // MARK: - Views

        /// The web front end: Hummingbird routes and Mustache templates, a folder and a controller per app.
        .target(
            name: "ListorWeb",
            dependencies: [
                "ListorKit", "Transistors", "Modbus", "Library", "Stella", "TextBrowser",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Tagged", package: "swift-tagged"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            exclude: ["Resources"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),
        // The composition root: the command line's kit, then a module for each command group and
        // for serve. Installed, each group is a program of its own (listor-browse, …), which
        // `listor` becomes for it, so that a command loads only its app (README, Deployment).
        .target(name: "ListorLauncher", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")], swiftSettings: swiftSettings),
        .target(
            name: "ListorCommandKit",
            dependencies: [
                "ListorLauncher", "ListorKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        commandGroup("TransistorsCLI", ["ListorHTTPClient", "Transistors", "CListorMemory"]),
        commandGroup("ModbusCLI", ["Modbus", "ModbusIO", "ModbusSQL", "ListorSQL", .product(name: "CoreMetrics", package: "swift-metrics")]),
        commandGroup("LibraryCLI", ["ListorHTTPClient", "Library", "LibrarySQL", "ListorSQL", "ListorSMTP",
                                    .product(name: "Tagged", package: "swift-tagged"), .product(name: "Logging", package: "swift-log"),
                                    .product(name: "CoreMetrics", package: "swift-metrics")]),
        commandGroup("BrowseCLI", ["ListorHTTPClient", "TextBrowser", "TextBrowserSQLite", .product(name: "UnixSignals", package: "swift-service-lifecycle")]),
        commandGroup("StellaCLI", ["ListorHTTPClient", "Stella", "StellaSQL", "ListorSQL", .product(name: "CoreMetrics", package: "swift-metrics")]),
        .target(
            name: "ListorServer",
            dependencies: [
                "ListorLauncher", "ListorCommandKit", "TransistorsCLI", "ModbusCLI", "LibraryCLI", "BrowseCLI", "StellaCLI", "ListorKit", "ListorHTTPClient", "ListorWeb", "Transistors", "Modbus", "ModbusIO", "Library", "ListorSQL", "Stella", "TextBrowser", "TextBrowserSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ListorCLI",
            dependencies: [
                "ListorLauncher", "ListorCommandKit", "TransistorsCLI", "ModbusCLI", "LibraryCLI", "BrowseCLI", "StellaCLI", "ListorServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "listor", dependencies: ["ListorLauncher", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                         .target(name: "ListorCLI", condition: .when(traits: ["InProcess"])),
                                                         .target(name: "ListorCommandKit", condition: .when(traits: ["InProcess"]))],
                          swiftSettings: swiftSettings, linkerSettings: programLinking),
        groupProgram("serve", "ListorServer"),
        groupProgram("transistors", "TransistorsCLI"),
        groupProgram("modbus", "ModbusCLI"),
        groupProgram("library", "LibraryCLI"),
        groupProgram("browse", "BrowseCLI"),
        groupProgram("stella", "StellaCLI"),

        // MARK: - Benchmarks (run on demand: Benchmarks/README.md)

        .executableTarget(
            name: "TransistorDecodingBenchmark",
            dependencies: ["Transistors", "ListorKit"],
            path: "Benchmarks/TransistorDecoding",
            exclude: ["python_baseline.py"],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "TransistorFinderBenchmark",
            dependencies: ["Transistors", "ListorKit", "CListorMemory"],
            path: "Benchmarks/TransistorFinder",
            exclude: ["sqlite_baseline.py"],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "ModbusClientBenchmark",
            dependencies: ["Modbus", "ModbusIO"],
            path: "Benchmarks/ModbusClient",
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "ModbusPlantBenchmark",
            dependencies: ["Modbus", "ModbusIO"],
            path: "Benchmarks/ModbusPlant",
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "ReaderBenchmark",
            dependencies: ["TextBrowser"],
            path: "Benchmarks/Reader",
            exclude: ["score.py", "mozilla.py"],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "LibraryScaleBenchmark",
            dependencies: [
                "Library", "LibrarySQL", "ListorSQL", "ListorKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/LibraryScale",
            exclude: ["wrk"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Tests (Tests/<Target>Tests mirrors Sources/<Target>)

        /// Fixtures with fixed contents, temporary files and a loopback HTTP server, shared by the test targets.
        .target(
            name: "ListorTestSupport",
            dependencies: [
                "ListorKit", "ListorWeb", "Stella", "ListorImaging", "Library", "LibrarySQL", "ListorSQL",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/ListorTestSupport",
            exclude: ["pymodbus_server.py", "smtp_server.py", "schemathesis_hooks.py", "schemathesis.toml"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ListorTestSupportTests", dependencies: ["ListorTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "ListorKitTests", dependencies: ["ListorKit", "ListorTestSupport"], swiftSettings: swiftSettings),
        /// The SMTP client against aiosmtpd on loopback: plain, STARTTLS, TLS, logins, refusals; and against a hostile server.
        .testTarget(name: "ListorSMTPTests", dependencies: [
            "ListorSMTP", "ListorKit", "ListorTestSupport",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        ], swiftSettings: swiftSettings),
        .testTarget(name: "ListorImagingTests", dependencies: ["ListorImaging", "ListorKit", "ListorTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ListorHTTPClientTests",
            dependencies: [
                "ListorHTTPClient", "ListorKit", "ListorTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TransistorsTests",
            dependencies: ["Transistors", "ListorKit", "ListorTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ModbusTests", dependencies: ["Modbus", "ModbusSQL", "ListorSQL", "ListorKit", "ListorTestSupport",
                                                 .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio")],
                    swiftSettings: swiftSettings),
        .testTarget(
            name: "ModbusIOTests",
            dependencies: [
                "ModbusIO", "Modbus", "ListorKit", "ListorTestSupport",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        /// The library's core, with one behaviour suite run on both stores, and `RemoteLibrary`
        /// against Listor's own API over loopback.
        .testTarget(
            name: "LibraryTests",
            dependencies: [
                "Library", "LibrarySQL", "ListorSQL", "ListorKit", "ListorTestSupport", "ListorWeb", "ListorHTTPClient", "ListorSMTP",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tagged", package: "swift-tagged"),
            ],
            swiftSettings: swiftSettings
        ),
        /// Stella's core, with its providers and catalogue client against the catalogue API over loopback.
        .testTarget(
            name: "ListorSQLTests",
            dependencies: ["ListorSQL", "ListorTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StellaTests",
            dependencies: [
                "Stella", "StellaSQL", "ListorKit", "ListorTestSupport", "ListorWeb", "ListorHTTPClient",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        /// The browser's core: layout on HTML fixtures, character sets on the W3C pages, fetching
        /// over loopback, the history on a temporary SQLite file.
        .testTarget(
            name: "TextBrowserTests",
            dependencies: [
                "TextBrowser", "TextBrowserSQLite", "ListorKit", "ListorHTTPClient", "ListorTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ListorWebTests",
            dependencies: [
                "ListorWeb", "Transistors", "Modbus", "ModbusSQL", "Library", "LibrarySQL", "Stella", "StellaSQL", "TextBrowser", "TextBrowserSQLite", "ListorKit",
                "ListorHTTPClient", "ListorSMTP", "ListorTestSupport",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tagged", package: "swift-tagged"),
            ],
            swiftSettings: swiftSettings
        ),
        /// A client that swift-openapi-generator makes from the library's OpenAPI document (the
        /// symbolic link `openapi.json`), against the library API over loopback.
        .testTarget(
            name: "LibraryClientTests",
            dependencies: [
                "ListorWeb", "Library", "LibrarySQL", "ListorTestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .testTarget(
            name: "ListorCLITests",
            dependencies: [
                "ListorCLI", "ListorServer", "ListorLauncher", "ListorCommandKit", "TransistorsCLI", "ModbusCLI", "LibraryCLI", "BrowseCLI", "StellaCLI", "Transistors", "Modbus", "ModbusIO", "ModbusSQL", "Library", "LibrarySQL", "Stella", "StellaSQL", "ListorWeb", "ListorKit", "ListorHTTPClient", "ListorTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Tagged", package: "swift-tagged"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
