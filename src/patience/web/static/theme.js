// Every page: light or dark as the player chose (the system's choice by default).
import { applyTheme } from "./settings.js";

applyTheme();
