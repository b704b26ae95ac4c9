// swift-tools-version:6.0
import PackageDescription

// An app's view of CyrillicIME: it depends on the package by version, as any app would, and
// gets the Rust core as the release's prebuilt binary — no cargo, no flags. scripts/tools/
// consumer_test.sh points CYRILLIC_IME_PACKAGE_URL at a local tagged copy of this repository
// whose manifest scripts/release.sh switched to the release binaries (docs/INTEGRATION.md).
let packageURL = Context.environment["CYRILLIC_IME_PACKAGE_URL"]
    ?? "https://github.com/cyrillic-ime/cyrillic-ime-core.git"
let packageVersion = Context.environment["CYRILLIC_IME_PACKAGE_VERSION"] ?? "0.1.0"

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(url: packageURL, exact: Version(stringLiteral: packageVersion)),
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "CyrillicIME", package: "cyrillic-ime-core"),
                .product(name: "CyrillicIMEKeyboard", package: "cyrillic-ime-core"),
                .product(name: "CyrillicIMETestSupport", package: "cyrillic-ime-core"),
            ]
        ),
    ]
)
