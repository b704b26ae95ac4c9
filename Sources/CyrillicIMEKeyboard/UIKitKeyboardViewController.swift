import CyrillicIME
#if canImport(UIKit)
import UIKit

/// The keyboard extension's view controller: the thin UIKit shell over the tested models
/// (docs/INTEGRATION.md, "The keyboard controller"). It draws the keys from `KeyboardLayout`
/// and the candidate bar from `CandidateBar`, and forwards touches and UIKit's callbacks to
/// `KeyboardController`; it decides nothing itself. Name it (or a subclass that overrides
/// `appGroupIdentifier`) as the extension's `NSExtensionPrincipalClass`.
///
/// Start-up never crashes the keyboard: bad bundled data shows the problem instead of keys; a
/// missing dictionary leaves kana typing working (space then commits the kana); a store that
/// cannot open leaves conversion working without learning.
///
/// This file is compiled only where UIKit exists, so Linux CI does not build it: it holds no
/// logic to test, only calls into the models the tests cover.
@MainActor
open class CyrillicKeyboardViewController: UIInputViewController {
    /// The App Group shared with the containing app (settings, the store with Full Access),
    /// or `nil` for a keyboard without one. Override in a subclass.
    open var appGroupIdentifier: String? { nil }

    public private(set) var keyboard: KeyboardController?
    /// Why the dictionary or the store is not in use, fit for the containing app to show.
    public var problems: [String] { dictionaryProblems + storeProblems }
    private var dictionaryProblems: [String] = []
    private var storeProblems: [String] = []

    private var profiles: ProfileManager?
    /// Where the store opened last, and what moving it did.
    public private(set) var userStore: UserStorePlacement.Opened?
    private let candidateBarView = UIStackView()
    private let keysView = KeyCapsView()
    private var keysHeight: NSLayoutConstraint?
    private var layout: KeyboardLayout?

    override open func viewDidLoad() {
        super.viewDidLoad()
        let engine = RustCoreEngine.shared
        let own = UserDefaultsSettingsStore(.standard)
        let group = appGroupIdentifier.flatMap { UserDefaults(suiteName: $0) }.map(UserDefaultsSettingsStore.init)
        let profiles: ProfileManager
        do {
            try engine.initializeWithBundledResources()
            profiles = try ProfileManager(engine: engine, keyboardStore: own, appGroupStore: group)
        } catch {
            return showProblem("\(error)")
        }
        do {
            try engine.loadDictionary(in: .main)
        } catch {
            dictionaryProblems = [error.message]
        }
        let settingsStores: [SettingsStore] = [own] + (group.map { [$0] } ?? [])
        let keyboard = KeyboardController(
            engine: engine, proxy: UIKitTextDocumentProxy(self), profiles: profiles,
            scheduler: MainQueueScheduler(), settings: KeyboardSettings(stores: settingsStores))
        keyboard.onStateChange = { [weak self] in
            MainActor.assumeIsolated { self?.refresh() }
        }
        self.profiles = profiles
        self.keyboard = keyboard
        buildViews()
    }

    /// Opens the store where the current access puts it (UserStorePlacement); learning is on
    /// when it opens.
    private func openUserStore() {
        let placement = UserStorePlacement.standard(appGroup: appGroupIdentifier)
        do {
            let opened = try placement.open(in: RustCoreEngine.shared, hasFullAccess: hasFullAccess)
            storeProblems = opened.warnings + opened.info.warnings
            userStore = opened
            keyboard?.learning = RustCoreEngine.shared
        } catch {
            storeProblems = ["learning is off: \(error.message)"]
            keyboard?.learning = nil
        }
    }

    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        keyboard?.keyboardWillAppear()
        // Each time: Full Access may have changed, and the app may have edited the shared
        // words meanwhile (opening reads two small files).
        openUserStore()
    }

    override open func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        refresh()  // needsInputModeSwitchKey is settled from here on
    }

    override open func viewWillDisappear(_ animated: Bool) {
        keyboard?.keyboardWillHide()
        super.viewWillDisappear(animated)
    }

    override open func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        refresh()
    }

    override open func textDidChange(_ textInput: UITextInput?) {
        keyboard?.documentDidChange()
    }

    override open func selectionDidChange(_ textInput: UITextInput?) {
        keyboard?.documentDidChange()
    }

    // MARK: Views

    private func buildViews() {
        candidateBarView.axis = .horizontal
        candidateBarView.distribution = .fillProportionally
        candidateBarView.spacing = 4
        for subview in [candidateBarView, keysView] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let keysHeight = keysView.heightAnchor.constraint(equalToConstant: 216)
        keysHeight.priority = .defaultHigh  // UIKit's own height constraint wins during rotation
        self.keysHeight = keysHeight
        NSLayoutConstraint.activate([
            candidateBarView.topAnchor.constraint(equalTo: view.topAnchor),
            candidateBarView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
            candidateBarView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
            candidateBarView.heightAnchor.constraint(equalToConstant: 44),
            keysView.topAnchor.constraint(equalTo: candidateBarView.bottomAnchor),
            keysView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            keysView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            keysView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            keysHeight,
        ])
        keysView.onTouchDown = { [weak self] key in
            if key == .backspace { self?.keyboard?.pressBackspace() }
        }
        keysView.onTouchUp = { [weak self] key in self?.keyUp(key) }
        keysView.onTouchCancel = { [weak self] key in
            if key == .backspace { self?.keyboard?.releaseBackspace() }
        }
    }

    private func keyUp(_ key: KeyboardKey) {
        guard let keyboard else { return }
        switch key {
        case .backspace:
            keyboard.releaseBackspace()
        case .globe:
            keyboard.tap(.globe)        // commits what is composed
            advanceToNextInputMode()
        default:
            keyboard.tap(key)
        }
    }

    /// Redraws the keys and the candidate bar from the models.
    private func refresh() {
        guard let keyboard, let profiles, view.bounds.width > 0 else { return }
        let bounds = view.bounds
        let insets = view.safeAreaInsets
        let environment = LayoutEnvironment(
            width: Double(bounds.width),
            orientation: bounds.width > bounds.height * 1.2 ? .landscape : .portrait,
            safeAreaInsets: .init(left: Double(insets.left), right: Double(insets.right), bottom: Double(insets.bottom)),
            showsGlobeKey: needsInputModeSwitchKey)
        do {
            let layout = try KeyboardLayout(rows: keyboard.currentRows, environment: environment)
            if layout != self.layout {
                self.layout = layout
                keysHeight?.constant = CGFloat(layout.height)
            }
        } catch {
            return showProblem("\(error)")
        }
        guard let layout = self.layout else { return }
        let shown = KeyAccessibility.Keyboard(
            profile: profiles.current, next: profiles.next, shift: keyboard.shift.mode, position: keyboard.layer)
        keysView.show(layout.keys.map { frame in
            let accessibility = KeyAccessibility.describe(frame.key, on: shown, engine: RustCoreEngine.shared)
            return KeyCapsView.Cap(
                frame: frame, title: KeyboardSVG.title(of: frame.key, profile: profiles.current, at: keyboard.layer),
                accessibilityLabel: accessibility.label, accessibilityLanguage: accessibility.language)
        })
        showCandidateBar(keyboard.candidateBar)
    }

    private func showCandidateBar(_ bar: CandidateBar) {
        candidateBarView.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for index in bar.pageRange {
            let item = bar.items[index]
            let button = UIButton(type: .system)
            button.setTitle(item.text, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 20, weight: index == bar.focus ? .bold : .regular)
            button.accessibilityLabel = item.accessibilityLabel
            button.accessibilityLanguage = item.accessibilityLanguage
            button.tag = index
            button.addTarget(self, action: #selector(candidateTapped(_:)), for: .touchUpInside)
            candidateBarView.addArrangedSubview(button)
        }
    }

    @objc private func candidateTapped(_ sender: UIButton) {
        keyboard?.chooseCandidate(at: sender.tag)
    }

    private func showProblem(_ message: String) {
        view.subviews.forEach { $0.removeFromSuperview() }
        let label = UILabel()
        label.text = message
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -12),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            view.heightAnchor.constraint(greaterThanOrEqualToConstant: 120),
        ])
    }
}

/// The key caps: labels at the layout's visible frames; a touch is found in the touch frames
/// (`KeyboardLayout.key(atX:y:)`), which have no gaps, and reported as a key.
@MainActor
private final class KeyCapsView: UIView {
    struct Cap {
        var frame: KeyFrame
        var title: String
        var accessibilityLabel: String
        var accessibilityLanguage: String?
    }

    var onTouchDown: ((KeyboardKey) -> Void)?
    var onTouchUp: ((KeyboardKey) -> Void)?
    var onTouchCancel: ((KeyboardKey) -> Void)?
    private var caps: [Cap] = []
    private var touchedKeys: [ObjectIdentifier: KeyboardKey] = [:]

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        isMultipleTouchEnabled = true
    }

    func show(_ caps: [Cap]) {
        self.caps = caps
        subviews.forEach { $0.removeFromSuperview() }
        for cap in caps {
            let label = UILabel(frame: CGRect(
                x: cap.frame.visibleFrame.x, y: cap.frame.visibleFrame.y,
                width: cap.frame.visibleFrame.width, height: cap.frame.visibleFrame.height))
            label.text = cap.title
            label.textAlignment = .center
            label.backgroundColor = .secondarySystemBackground
            label.layer.cornerRadius = 5
            label.clipsToBounds = true
            label.isAccessibilityElement = true
            label.accessibilityTraits = .keyboardKey
            label.accessibilityLabel = cap.accessibilityLabel
            label.accessibilityLanguage = cap.accessibilityLanguage
            addSubview(label)
        }
    }

    private func key(at touch: UITouch) -> KeyboardKey? {
        let point = touch.location(in: self)
        return caps.first { $0.frame.touchFrame.contains(x: Double(point.x), y: Double(point.y)) }?.frame.key
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let key = key(at: touch) else { continue }
            touchedKeys[ObjectIdentifier(touch)] = key
            onTouchDown?(key)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let key = touchedKeys.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            onTouchUp?(key)
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let key = touchedKeys.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            onTouchCancel?(key)
        }
    }
}
#endif
