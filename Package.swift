// swift-tools-version:6.0
import PackageDescription

// The Rust core is built by scripts/build_rust.sh into rust_core/target/release;
// the Swift targets link it from there and find it at run time through the rpath.
let rustLibraryDirectory = Context.packageDirectory + "/rust_core/target/release"
let linkRustCore: [LinkerSetting] = [
    .unsafeFlags(["-L", rustLibraryDirectory, "-Xlinker", "-rpath", "-Xlinker", rustLibraryDirectory]),
]

let package = Package(
    name: "CyrillicIME",
    products: [
        .library(name: "CyrillicIME", targets: ["CyrillicIME"]),
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
        .executableTarget(
            name: "cyrillic-ime",
            dependencies: ["CyrillicIME"],
            linkerSettings: linkRustCore
        ),
        .executableTarget(
            name: "cyrillic-ime-bench",
            dependencies: ["CyrillicIME"],
            linkerSettings: linkRustCore
        ),
        .testTarget(
            name: "CyrillicIMETests",
            dependencies: ["CyrillicIME", "CCyrillicIMECoreTesting"],
            linkerSettings: linkRustCore
        ),
    ]
)
