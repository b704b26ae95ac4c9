// swift-tools-version:6.0
import PackageDescription

// The Rust core is built by scripts/build_rust.sh into rust_core/target/release;
// the Swift targets link it from there and find it at run time through the rpath.
let rustLibraryDirectory = Context.packageDirectory + "/rust_core/target/release"
let linkRustCore: [LinkerSetting] = [
    .unsafeFlags(["-L", rustLibraryDirectory, "-Xlinker", "-rpath", "-Xlinker", rustLibraryDirectory]),
]

// The library is split by role, so the keyboard extension ships only what it runs:
// - CyrillicIME: the core wrapper (RustCoreEngine and the types it decodes) — the only
//   target that imports the C module and touches pointers; it carries the bundled data;
// - CyrillicIMEKeyboard: the keyboard logic (controller, composition, candidate bar,
//   layout, settings, profiles) over a text-document protocol, UIKit only behind
//   #if canImport(UIKit);
// - CyrillicIMETestSupport: the in-memory UTF-16 document and settings store, for the
//   tests, the terminal keyboard, the benchmark and the fuzzers;
// - the command-line tools and the tests.
let package = Package(
    name: "CyrillicIME",
    products: [
        .library(name: "CyrillicIME", targets: ["CyrillicIME"]),
        .library(name: "CyrillicIMEKeyboard", targets: ["CyrillicIMEKeyboard"]),
        .library(name: "CyrillicIMETestSupport", targets: ["CyrillicIMETestSupport"]),
        .executable(name: "cyrillic-ime", targets: ["cyrillic-ime"]),
        .executable(name: "cyrillic-ime-bench", targets: ["cyrillic-ime-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CCyrillicIMECore", path: "Sources/CCyrillicIMECore"),
        .systemLibrary(name: "CCyrillicIMECoreTesting", path: "Sources/CCyrillicIMECoreTesting"),
        .target(
            name: "CyrillicIME",
            dependencies: ["CCyrillicIMECore"],
            resources: [.copy("Resources")],
            linkerSettings: linkRustCore
        ),
        .target(
            name: "CyrillicIMEKeyboard",
            dependencies: ["CyrillicIME"],
            linkerSettings: linkRustCore
        ),
        .target(
            name: "CyrillicIMETestSupport",
            dependencies: ["CyrillicIMEKeyboard"],
            linkerSettings: linkRustCore
        ),
        .executableTarget(
            name: "cyrillic-ime",
            dependencies: ["CyrillicIMEKeyboard", "CyrillicIMETestSupport"],
            linkerSettings: linkRustCore
        ),
        .executableTarget(
            name: "cyrillic-ime-bench",
            dependencies: ["CyrillicIMEKeyboard", "CyrillicIMETestSupport"],
            linkerSettings: linkRustCore
        ),
        .testTarget(
            name: "CyrillicIMETests",
            dependencies: ["CyrillicIME", "CyrillicIMEKeyboard", "CyrillicIMETestSupport", "CCyrillicIMECoreTesting"],
            linkerSettings: linkRustCore
        ),
    ]
)
