// swift-tools-version:6.0
import PackageDescription

// How the package gets the Rust core (docs/INTEGRATION.md, "Package modes"). One constant,
// which scripts/release.sh rewrites on the release commit; main always says `.development`.
enum CoreDistribution {
    /// The project's own work: the core is built from rust_core/ by
    /// `scripts/build_rust.sh --with-test-exports` and linked from rust_core/target/release
    /// (linker flags, so only as the root package). Adds the tests and the test-only exports.
    case development
    /// What an app depends on by version: the core as prebuilt binary targets of the release
    /// `version` — the artifact bundle on Linux, the XCFramework on Apple platforms — each
    /// with its URL and checksum (below). No flags, no cargo, no test exports.
    case release(version: String)
    /// The release manifest pointed at binaries inside the package (`folder`), for a consumer
    /// tried before the binaries are uploaded (`scripts/release.sh --local-artifacts`).
    case localArtifacts(folder: String)
}

let coreDistribution = CoreDistribution.development

// Written by scripts/release.sh with the checksums `swift package compute-checksum` prints.
let releaseDownloadBase = "https://github.com/cyrillic-ime/cyrillic-ime-core/releases/download"
let artifactBundleChecksum = "0000000000000000000000000000000000000000000000000000000000000000"
let xcframeworkChecksum = "0000000000000000000000000000000000000000000000000000000000000000"

// The archive names scripts/make_artifactbundle.sh and scripts/build_xcframework.sh write.
#if os(Linux)
let coreArchive = (name: "CyrillicIMECore.artifactbundle.zip", checksum: artifactBundleChecksum)
#else
let coreArchive = (name: "CyrillicIMECore.xcframework.zip", checksum: xcframeworkChecksum)
#endif

// The C module `CCyrillicIMECore` (include/cyrillic_ime_core.h) in each mode.
let coreTargets: [Target]
let linkRustCore: [LinkerSetting]
switch coreDistribution {
case .development:
    // The Swift targets link rust_core/target/release and find the shared library at run
    // time through the rpath.
    let rustLibraryDirectory = Context.packageDirectory + "/rust_core/target/release"
    linkRustCore = [
        .unsafeFlags(["-L", rustLibraryDirectory, "-Xlinker", "-rpath", "-Xlinker", rustLibraryDirectory]),
    ]
    coreTargets = [
        .systemLibrary(name: "CCyrillicIMECore", path: "Sources/CCyrillicIMECore"),
        .systemLibrary(name: "CCyrillicIMECoreTesting", path: "Sources/CCyrillicIMECoreTesting"),
    ]
case .release(let version):
    linkRustCore = []
    coreTargets = [
        .binaryTarget(
            name: "CCyrillicIMECore",
            url: "\(releaseDownloadBase)/\(version)/\(coreArchive.name)",
            checksum: coreArchive.checksum),
    ]
case .localArtifacts(let folder):
    linkRustCore = []
    coreTargets = [.binaryTarget(name: "CCyrillicIMECore", path: "\(folder)/\(coreArchive.name)")]
}
let isDevelopment: Bool
if case .development = coreDistribution { isDevelopment = true } else { isDevelopment = false }

// The library is split by role, so the keyboard extension ships only what it runs:
// - CyrillicIME: the core wrapper (RustCoreEngine and the types it decodes) — the only
//   target that imports the C module and touches pointers; it carries the bundled data
//   and the privacy manifest;
// - CyrillicIMEKeyboard: the keyboard logic (controller, composition, candidate bar,
//   layout, settings, profiles) over a text-document protocol, and the thin UIKit shell
//   on iOS and visionOS only (typechecked on Linux by scripts/typecheck_uikit_shell.sh);
// - CyrillicIMETestSupport: the in-memory UTF-16 document and settings store, for the
//   tests, the terminal keyboard, the benchmark and the fuzzers;
// - the command-line tools and (in development) the tests.
let package = Package(
    name: "CyrillicIME",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "CyrillicIME", targets: ["CyrillicIME"]),
        .library(name: "CyrillicIMEKeyboard", targets: ["CyrillicIMEKeyboard"]),
        .library(name: "CyrillicIMETestSupport", targets: ["CyrillicIMETestSupport"]),
        .executable(name: "cyrillic-ime", targets: ["cyrillic-ime"]),
        .executable(name: "cyrillic-ime-bench", targets: ["cyrillic-ime-bench"]),
    ],
    targets: coreTargets + [
        .target(
            name: "CyrillicIME",
            dependencies: ["CCyrillicIMECore"],
            resources: [.copy("Resources"), .copy("PrivacyInfo.xcprivacy")],
            linkerSettings: linkRustCore
        ),
        .target(
            name: "CyrillicIMEKeyboard",
            dependencies: ["CyrillicIME"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
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
    ] + (isDevelopment ? [
        .testTarget(
            name: "CyrillicIMETests",
            dependencies: ["CyrillicIME", "CyrillicIMEKeyboard", "CyrillicIMETestSupport", "CCyrillicIMECoreTesting"],
            linkerSettings: linkRustCore
        ),
    ] : [])
)
