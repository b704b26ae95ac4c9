import CyrillicIME
import Foundation
// iOS and visionOS only: UIKit also exists on tvOS and watchOS, where keyboard extensions and
// these APIs do not. UIKIT_STANDIN_TYPECHECK is set only by scripts/typecheck_uikit_shell.sh,
// which checks this file on Linux against a stand-in of the UIKit API it uses.
#if canImport(UIKit) && (os(iOS) || os(visionOS) || UIKIT_STANDIN_TYPECHECK)
import UIKit

/// The keyboard extension's view controller: the thin UIKit shell over the tested models
/// (docs/INTEGRATION.md, "The keyboard controller"). It draws the keys from `KeyboardLayout`,
/// the candidate bar from `CandidateBar` with `BarControl`'s buttons, the profile list from
/// `ProfileMenu`, and forwards touches to `KeyTouchTracker` and UIKit's callbacks to
/// `KeyboardController`; it decides nothing itself. Name it (or a subclass that overrides
/// `appGroupIdentifier`) as the extension's `NSExtensionPrincipalClass`.
///
/// Start-up never crashes the keyboard: bad bundled data shows the problem instead of keys; a
/// missing dictionary leaves kana typing working (space then commits the kana); a store that
/// cannot open leaves conversion working without learning.
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
    private var ownSettings: SettingsStore?
    /// Where the settings are read from, the keyboard's own store first (`KeyboardSettings`).
    private var settingsStores: [SettingsStore] = []
    private var touches: KeyTouchTracker?
    private var feedback: KeyFeedback?
    private var learning: BackgroundLearning?
    /// Where the store opened last, and what moving it did.
    public private(set) var userStore: UserStorePlacement.Opened?
    private let toolRow = ToolRowView()
    private let candidateRow = CandidateRowView()
    private let keysView = KeyCapsView()
    private let profileList = ProfileListView()
    private var keysHeight: NSLayoutConstraint?
    private var layout: KeyboardLayout?
    private var learningNote: String?

    override open func viewDidLoad() {
        super.viewDidLoad()
        // The keyboard's primary view (`inputView`, which `view` is) adopts
        // UIInputViewAudioFeedback, without which `playInputClick()` stays silent.
        inputView = ClickingInputView(frame: .zero, inputViewStyle: .keyboard)
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
        settingsStores = [own] + (group.map { [$0] } ?? [])
        let settings = KeyboardSettings(stores: settingsStores)
        let keyboard = KeyboardController(
            engine: engine, proxy: UIKitTextDocumentProxy(self), profiles: profiles,
            scheduler: MainQueueScheduler(), settings: settings)
        let feedback = KeyFeedback(settings: settings.feedback, output: UIKitKeyFeedbackOutput(view: view))
        let touches = KeyTouchTracker(keyboard: keyboard, feedback: feedback, scheduler: MainQueueScheduler())
        keyboard.onStateChange = { [weak self] in
            MainActor.assumeIsolated { self?.refresh() }
        }
        touches.onLongPress = { [weak self] key in
            MainActor.assumeIsolated { if key == .profile { self?.showProfileList() } }
        }
        self.profiles = profiles
        self.ownSettings = own
        self.keyboard = keyboard
        self.feedback = feedback
        self.touches = touches
        learning = BackgroundLearning(store: engine, reportingTo: keyboard)
        buildViews()
    }

    /// Opens the store where the current access puts it (UserStorePlacement), on the learning
    /// queue so the keyboard never waits for another process's save; learning is on once it opens.
    private func openUserStore() {
        guard let learning else { return }
        let placement = UserStorePlacement.standard(appGroup: appGroupIdentifier)
        let hasFullAccess = hasFullAccess
        learning.inOrder({ () -> Result<UserStorePlacement.Opened, UserStoreError> in
            Result { () throws(UserStoreError) in try placement.open(in: RustCoreEngine.shared, hasFullAccess: hasFullAccess) }
        }, then: { [weak self] result in
            MainActor.assumeIsolated { self?.storeOpened(result) }
        })
    }

    private func storeOpened(_ result: Result<UserStorePlacement.Opened, UserStoreError>) {
        switch result {
        case .success(let opened):
            storeProblems = opened.warnings + opened.info.warnings
            userStore = opened
            keyboard?.learning = learning
        case .failure(let error):
            storeProblems = ["learning is off: \(error.message)"]
            keyboard?.learning = nil
        }
    }

    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The settings again: the app may have changed them while the extension stayed loaded.
        let settings = KeyboardSettings(stores: settingsStores)
        keyboard?.keyboardWillAppear(settings: settings)
        feedback?.settings = settings.feedback
        feedback?.hasFullAccess = hasFullAccess
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
        profileList.isHidden = true
        super.viewWillDisappear(animated)
    }

    override open func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        refresh()
    }

    override open func textDidChange(_ textInput: UITextInput?) {
        keyboard?.documentDidChange()
        refresh()  // the return key follows the field's text and traits
    }

    override open func selectionDidChange(_ textInput: UITextInput?) {
        keyboard?.documentDidChange()
    }

    // MARK: Views

    private func buildViews() {
        profileList.isHidden = true
        for subview in [toolRow, candidateRow, keysView, profileList] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let keysHeight = keysView.heightAnchor.constraint(equalToConstant: 216)
        keysHeight.priority = .defaultHigh  // UIKit's own height constraint wins during rotation
        self.keysHeight = keysHeight
        NSLayoutConstraint.activate([
            toolRow.topAnchor.constraint(equalTo: view.topAnchor),
            toolRow.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
            toolRow.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
            toolRow.heightAnchor.constraint(equalToConstant: 32),
            candidateRow.topAnchor.constraint(equalTo: toolRow.bottomAnchor),
            candidateRow.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
            candidateRow.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
            candidateRow.heightAnchor.constraint(equalToConstant: 44),
            keysView.topAnchor.constraint(equalTo: candidateRow.bottomAnchor),
            keysView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            keysView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            keysView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            keysHeight,
            profileList.topAnchor.constraint(equalTo: toolRow.topAnchor),
            profileList.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            profileList.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            profileList.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        keysView.onTouchBegan = { [weak self] id, key, x in self?.touches?.touchBegan(id, on: key, x: x) }
        keysView.onTouchMoved = { [weak self] id, x in self?.touches?.touchMoved(id, x: x) }
        keysView.onTouchEnded = { [weak self] id in self?.touches?.touchEnded(id) }
        keysView.onTouchCancelled = { [weak self] id in self?.touches?.touchCancelled(id) }
        // The globe key's touches go to UIKit as Apple documents handleInputModeList(from:with:):
        // a tap goes to the next keyboard, a long press or a swipe up lists them all.
        keysView.onGlobeEvent = { [weak self] event in
            guard let self else { return }
            self.handleInputModeList(from: self.keysView, with: event)
        }
        candidateRow.onCandidate = { [weak self] index in self?.keyboard?.chooseCandidate(at: index) }
        let perform: (BarControl) -> Void = { [weak self] control in
            guard let keyboard = self?.keyboard else { return }
            control.perform(on: keyboard)
        }
        candidateRow.onControl = perform
        toolRow.onControl = perform
        profileList.onSelect = { [weak self] id in
            guard let self, let keyboard = self.keyboard else { return }
            ProfileMenu.select(id, on: keyboard)
            self.profileList.isHidden = true
            self.refresh()
        }
        profileList.onKanaOnly = { [weak self] id, on in
            guard let self, let keyboard = self.keyboard, let store = self.ownSettings else { return }
            ProfileMenu.setKanaOnly(on, forProfile: id, on: keyboard, store: store)
            self.showProfileList()
        }
        profileList.onLiveConversion = { [weak self] on in
            guard let self, let keyboard = self.keyboard, let store = self.ownSettings else { return }
            ProfileMenu.setLiveConversion(on, on: keyboard, store: store)
            self.showProfileList()
        }
        profileList.onAutoCommit = { [weak self] in
            guard let self, let keyboard = self.keyboard, let store = self.ownSettings else { return }
            ProfileMenu.stepAutoCommit(on: keyboard, store: store)
            self.showProfileList()
        }
        profileList.onSpaceHabit = { [weak self] id, habit in
            guard let self, let keyboard = self.keyboard, let store = self.ownSettings else { return }
            ProfileMenu.setSpaceHabit(habit, forProfile: id, on: keyboard, store: store)
            self.showProfileList()
        }
        profileList.onClose = { [weak self] in self?.profileList.isHidden = true }
    }

    private func showProfileList() {
        guard let keyboard else { return }
        profileList.show(ProfileMenu.entries(of: keyboard), live: ProfileMenu.liveSettings(of: keyboard))
        profileList.isHidden = false
    }

    /// Redraws the keys, the bar and its controls from the models.
    private func refresh() {
        guard let keyboard, let profiles, view.bounds.width > 0 else { return }
        switch keyboard.hostField.appearance {
        case .dark: view.overrideUserInterfaceStyle = .dark
        case .light: view.overrideUserInterfaceStyle = .light
        case .default: view.overrideUserInterfaceStyle = .unspecified
        }
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
        let returnKey = keyboard.hostField.returnKey(of: keyboard)
        let shown = KeyAccessibility.Keyboard(
            profile: profiles.current, next: profiles.next, shift: keyboard.shift.mode, position: keyboard.layer)
        keysView.show(layout.keys.map { frame in
            let accessibility = KeyAccessibility.describe(frame.key, on: shown, engine: RustCoreEngine.shared)
            let isReturn = frame.key == .enter
            return KeyCapsView.Cap(
                frame: frame,
                title: isReturn ? returnKey.title : KeyboardSVG.title(of: frame.key, profile: profiles.current, at: keyboard.layer),
                isEnabled: !isReturn || returnKey.isEnabled,
                accessibilityLabel: isReturn ? returnKey.accessibilityLabel : accessibility.label,
                accessibilityLanguage: isReturn ? nil : accessibility.language)
        })
        let pageControls: [BarControl] = [.previousPage, .nextPage]
        let controls = BarControl.available(in: keyboard).map { (control: $0, isEnabled: $0.isEnabled(in: keyboard)) }
        candidateRow.show(keyboard.candidateBar, pageControls: controls.filter { pageControls.contains($0.control) })
        // A learning notice stays while saves keep failing (as in the terminal), under the core's error.
        if let notice = keyboard.takeLearningNotice() {
            learningNote = notice
        } else if keyboard.learningStatus.problem == nil {
            learningNote = nil
        }
        toolRow.show(controls.filter { !pageControls.contains($0.control) }, note: keyboard.lastError ?? learningNote)
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

/// The keyboard's root view: it says input clicks are wanted while it shows, which
/// `UIDevice.playInputClick()` requires (`UIInputViewAudioFeedback`).
@MainActor
final class ClickingInputView: UIInputView, UIInputViewAudioFeedback {
    var enableInputClicksWhenVisible: Bool { true }
}

/// Plays what `KeyFeedback` decides: the system's input click, and a light impact.
@MainActor
final class UIKitKeyFeedbackOutput: @preconcurrency KeyFeedbackOutput {
    private let impact: UIImpactFeedbackGenerator

    init(view: UIView) {
        if #available(iOS 17.5, *) {
            impact = UIImpactFeedbackGenerator(style: .light, view: view)
        } else {
            impact = UIImpactFeedbackGenerator(style: .light)
        }
    }

    func playInputClick() {
        UIDevice.current.playInputClick()
    }

    func playHaptic() {
        impact.impactOccurred()
        impact.prepare()  // the next key's tap comes without delay
    }
}
#endif
